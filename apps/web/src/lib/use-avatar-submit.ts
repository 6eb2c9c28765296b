import { AVATAR_REQUIRED } from '@rips/shared/users';
import { useState } from 'react';
import type { z } from 'zod';
import type { FormSchema, ZodForm } from './use-zod-form';

type Progress = (fraction: number) => void;

interface AvatarMutation<V> {
  mutate: (
    variables: V & { onProgress: Progress },
    callbacks: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void },
  ) => void;
}

/** A form schema whose valid values are an object the upload's progress can join. */
type ObjectSchema = FormSchema & z.ZodType<object, z.input<FormSchema>>;

/**
 * The submit of a form that sends an avatar (Sign Up, Edit Profile): the upload's progress while
 * it runs, the server's messages on their fields, `failure`'s notice, and the missing-avatar one.
 */
export function useAvatarSubmit<S extends ObjectSchema>(
  form: ZodForm<S>,
  mutation: AvatarMutation<z.output<S>>,
  { onSuccess, failure }: { onSuccess: () => void; failure: (error: unknown) => string },
) {
  const [progress, setProgress] = useState<number | null>(null);
  const onSubmit = form.handleSubmit(
    (input) =>
      mutation.mutate(
        { ...input, onProgress: setProgress },
        {
          onSuccess,
          onError: (error) => {
            form.showServerErrors(error, { fileField: 'avatar' });
            form.notice.error(failure(error));
          },
          onSettled: () => setProgress(null),
        },
      ),
    (errors) => {
      if (errors['avatar']) form.notice.error(AVATAR_REQUIRED);
    },
  );
  return { onSubmit, progress };
}
