import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api-client';
import { useLinkToken } from './use-link-token';
import { useZodForm, type FormSchema, type ZodForm } from './use-zod-form';

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

/**
 * A page's form opened from an emailed link: the link's token (read once, see useLinkToken) sent
 * with the fields' first `values`, and the submit of `linkFormSubmit`. `mutation` is the page's
 * own call. `link` is what EmailedLinkPage shows from them: the token (empty when the link came
 * without one) and, once the call succeeded, the server's words.
 */
export function useLinkForm<S extends FormSchema>(
  schema: S,
  values: Omit<z.input<S>, 'token'>,
  mutation: UseMutationResult<{ message: string }, Error, z.output<S>>,
  failedMessage: string,
) {
  const token = useLinkToken();
  // The schema's input is the token and `values`: its fields, as the page starts them.
  const form = useZodForm(schema, { initialValues: { token, ...values } as z.input<S> });
  const { onSubmit, failed } = linkFormSubmit(form, mutation, failedMessage);
  return {
    form,
    onSubmit,
    /** Why the call was refused, when it named no field (see linkFormSubmit); else null. */
    failure: failed ? errorMessage(mutation.error, failedMessage) : null,
    link: { token, done: mutation.isSuccess ? mutation.data.message : undefined },
  };
}
