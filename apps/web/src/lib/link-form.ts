import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api-client';
import type { FormSchema, ZodForm } from './use-zod-form';

/**
 * The submit of a form opened from an emailed link (set a new password, confirm a new email):
 * success says the server's words and empties the form; a refusal goes under the fields it names
 * and in the form's notice; a form whose only wrong field is the token says that the link itself
 * is wrong. `failed`: the refusal named no field (the link is used, expired or closed), which the
 * page says above the form.
 */
export function linkFormSubmit<S extends FormSchema>(
  form: ZodForm<S>,
  mutation: UseMutationResult<{ message: string }, Error, z.output<S>>,
  failedMessage: string,
) {
  const onSubmit = form.handleSubmit(
    (input) =>
      mutation.mutate(input, {
        onSuccess: (result) => {
          form.reset();
          form.notice.success(result.message);
        },
        onError: (error) => {
          form.showServerErrors(error);
          form.notice.error(errorMessage(error, failedMessage));
        },
      }),
    (errors) => {
      const [only, ...others] = Object.keys(errors);
      if (only === 'token' && others.length === 0) form.notice.error(String(errors['token']));
    },
  );
  const failed =
    mutation.isError && !(mutation.error instanceof ApiError && mutation.error.errors.length > 0);
  return { onSubmit, failed };
}
