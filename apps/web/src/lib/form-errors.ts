import type { FieldError } from '@rips/shared/api';

export type FormErrors<K extends string> = Partial<Record<K, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per top-level field, from zod issues or from the API's `errors` list. */
export function toFormErrors<K extends string>(
  issues: readonly Issue[] | readonly FieldError[],
  fields: readonly K[],
): FormErrors<K> {
  const result: FormErrors<K> = {};
  for (const issue of issues) {
    const head = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    const key = fields.find((f) => f === head);
    if (key && !result[key]) result[key] = issue.message;
  }
  return result;
}

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Moves focus to the first invalid control, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}
