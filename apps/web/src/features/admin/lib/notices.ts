import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

const ACTION_FAILED = 'That change could not be made. Please try again.';

/** An admin change says what it did in its answer's message. */
export function notifyResult(result: { message: string }) {
  notify.success(result.message);
}

export function notifyFailure(error: unknown) {
  notify.error(errorMessage(error, ACTION_FAILED));
}
