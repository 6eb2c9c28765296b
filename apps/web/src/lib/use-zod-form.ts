import {
  schemaResolver,
  useForm,
  type FormErrors,
  type UseFormInput,
  type UseFormReturnType,
} from '@mantine/form';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError, isFileRefusal } from './api-client';
import { useFormGuard } from './discard-changes';
import { readDraft, removeDraft, writeDraft, type StoredDraft } from './form-drafts';
import { hideNotice, notify } from './notify';

/*
 * The one way a form of the web app holds and checks what is typed: Mantine's form state,
 * validated by a zod schema from @rips/shared, the same one the server parses the request with,
 * so every rule and its message has a single home. The form's values are the schema's input; a
 * valid submit hands on the schema's output (trimmed, normalised), exactly what the server would
 * read. Everything else of Mantine's form stays available (dirty state, list helpers, validation
 * on blur, value subscriptions) for what forms grow next: drafts, counters, "discard changes?".
 */

type Values = Record<string, unknown>;

/** A zod schema whose input is the form's values. */
export type FormSchema = z.ZodType<unknown, Values>;

export type ZodFormOptions<S extends FormSchema> = Omit<
  UseFormInput<z.input<S>, z.output<S>>,
  'mode' | 'validate' | 'transformValues' | 'initialValues'
> & {
  initialValues: z.input<S>;
  /**
   * Keeps unfinished writing on this device under this key (per member) and offers it back
   * when the form opens again; `settled()` forgets it once the server has it.
   */
  draftKey?: string;
};

/** How long typing pauses before the draft is written. */
const DRAFT_DELAY_MS = 400;

export interface ServerErrorOptions {
  /** Where a refusal of the uploaded file goes (wrong type, too large, over a quota). */
  fileField?: string;
}

export type ZodForm<S extends FormSchema> = UseFormReturnType<z.input<S>, z.output<S>> & {
  /**
   * The `<form onSubmit>` handler: checks every field, and either hands the parsed values to
   * `onValid`, or shows the messages, moves focus to the first invalid field and calls `onInvalid`.
   */
  handleSubmit: (
    onValid: (data: z.output<S>) => void,
    onInvalid?: (errors: FormErrors) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /**
   * Puts the server's messages under the fields they name, and focuses the first; answers
   * whether any field got one (when none did, the caller's notice is all the user sees).
   */
  showServerErrors: (error: unknown, options?: ServerErrorOptions) => boolean;
  /**
   * This form's notices: a newer one replaces the older (an error never stays above the success
   * that followed it), and submitting again takes the last one away.
   */
  notice: { success: (message: string) => void; error: (message: string) => void };
  /** A draft kept from an earlier visit, offered until restored or discarded. */
  offeredDraft: StoredDraft<z.input<S>> | null;
  restoreDraft: () => void;
  discardDraft: () => void;
  /** The server has what was typed: the draft goes and leaving no longer asks. */
  settled: () => void;
};

/** Answers that name no field but are about one: the duplicate email and username. */
const CONFLICT_FIELDS: Partial<Record<string, string>> = {
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'userName',
};

/** Whether `path` ("name", "assets.1.value") names a field of the values. */
function hasField(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const segment of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(segment in node)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}

/** The server's field errors keyed as the form knows them (its own path, else the top field). */
export function serverFieldErrors(
  error: ApiError,
  values: unknown,
  options: ServerErrorOptions = {},
): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of error.errors) {
    const field = [path, path.split('.')[0] ?? ''].find((p) => p && hasField(values, p));
    if (field && !errors[field]) errors[field] = message;
  }
  const conflict = CONFLICT_FIELDS[error.code];
  if (conflict && hasField(values, conflict) && !errors[conflict]) errors[conflict] = error.message;
  const { fileField } = options;
  if (fileField && Object.keys(errors).length === 0 && isFileRefusal(error) && error.message) {
    errors[fileField] = error.message;
  }
  return errors;
}

/** Moves focus to the first invalid control, so keyboard and screen-reader users land on it. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

export function useZodForm<S extends FormSchema>(
  schema: S,
  { initialValues, draftKey, ...options }: ZodFormOptions<S>,
): ZodForm<S> {
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Read once, while rendering: drafts exist only in the browser, and forms that keep them are
  // never rendered by the server.
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft<z.input<S>> | null>(() =>
    draftKey ? readDraft<z.input<S>>(draftKey) : null,
  );
  const form = useForm<z.input<S>, z.output<S>>({
    ...options,
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    // Called only once the same schema has accepted the values, so it cannot throw.
    transformValues: (values) => schema.parse(values),
    // Every field with a message says so to assistive technology, and can be found to take the
    // focus (Mantine marks text inputs itself, but not the password input's field).
    enhanceGetInputProps: (payload) => ({
      'aria-invalid': payload.inputProps.error ? true : undefined,
      ...options.enhanceGetInputProps?.(payload),
    }),
    onValuesChange: (values, previous) => {
      options.onValuesChange?.(values, previous);
      if (!draftKey) return;
      if (draftTimer.current) clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => {
        draftTimer.current = null;
        if (latest.current?.isDirty()) writeDraft(draftKey, values);
        else removeDraft(draftKey);
      }, DRAFT_DELAY_MS);
    },
  });
  const latest = useRef<typeof form | null>(null);
  latest.current = form;
  const element = useRef<HTMLFormElement | null>(null);
  const noticeId = `form-notice-${useId()}`;

  const forgetDraft = useCallback(() => {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = null;
    if (draftKey) removeDraft(draftKey);
  }, [draftKey]);

  // Inside a dialog (or page) that guards its forms: closing it with changes asks first.
  const guard = useFormGuard();
  useEffect(
    () =>
      guard?.register({ isDirty: () => latest.current?.isDirty() ?? false, discard: forgetDraft }),
    [guard, forgetDraft],
  );
  // Typing just before the form closes still reaches the draft.
  useEffect(
    () => () => {
      if (draftTimer.current && draftKey && latest.current?.isDirty()) {
        clearTimeout(draftTimer.current);
        writeDraft(draftKey, latest.current.getValues());
      }
    },
    [draftKey],
  );

  const handleSubmit: ZodForm<S>['handleSubmit'] = (onValid, onInvalid) => (event) => {
    element.current = event?.currentTarget ?? element.current;
    hideNotice(noticeId);
    form.onSubmit(
      (data) => onValid(data),
      (errors) => {
        focusFirstInvalid(element.current);
        onInvalid?.(errors);
      },
    )(event);
  };

  const { getValues, setErrors, setValues, resetDirty } = form;
  const showServerErrors = useCallback(
    (error: unknown, options?: ServerErrorOptions) => {
      if (!(error instanceof ApiError)) return false;
      const errors = serverFieldErrors(error, getValues(), options);
      if (Object.keys(errors).length === 0) return false;
      setErrors(errors);
      focusFirstInvalid(element.current);
      return true;
    },
    [getValues, setErrors],
  );

  const notice = {
    success: (message: string) => notify.success(message, noticeId),
    error: (message: string) => notify.error(message, noticeId),
  };
  const restoreDraft = () => {
    if (offeredDraft) setValues({ ...initialValues, ...offeredDraft.values });
    setOfferedDraft(null);
  };
  const discardDraft = () => {
    forgetDraft();
    setOfferedDraft(null);
  };
  const settled = () => {
    forgetDraft();
    setOfferedDraft(null);
    resetDirty();
  };

  return Object.assign(form, {
    handleSubmit,
    showServerErrors,
    notice,
    offeredDraft,
    restoreDraft,
    discardDraft,
    settled,
  });
}
