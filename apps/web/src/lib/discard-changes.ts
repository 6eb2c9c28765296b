import { createContext, useContext } from 'react';

/*
 * "Discard your changes?": asked before a form with changes closes (Esc, a click outside its
 * dialog, Cancel, a link away). One question at a time, answered by the host in the layout.
 */
type Listener = () => void;

let pending: ((discard: boolean) => void) | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Asks the question; answers true when the person chose to discard. */
export function confirmDiscard(): Promise<boolean> {
  // A second question while one is open answers the first "keep": nothing is lost by it.
  pending?.(false);
  return new Promise((resolve) => {
    pending = (discard) => {
      pending = null;
      emit();
      resolve(discard);
    };
    emit();
  });
}

export function discardQuestionOpen(): boolean {
  return pending !== null;
}

export function answerDiscard(discard: boolean): void {
  pending?.(discard);
}

export function subscribeDiscardQuestion(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A form inside a guard: says whether it holds changes, and forgets its draft when discarded. */
export interface GuardedForm {
  isDirty: () => boolean;
  discard: () => void;
}

/** What a dialog holding forms offers them: their registration, and a guarded way to close. */
export interface FormGuard {
  register: (form: GuardedForm) => () => void;
  /** Runs `close` at once when nothing changed, or after the person chose to discard. */
  requestClose: (close: () => void) => void;
}

export const FormGuardContext = createContext<FormGuard | null>(null);

export function useFormGuard(): FormGuard | null {
  return useContext(FormGuardContext);
}

/** A guard over a set of forms; the dialog or page that holds them keeps one. */
export function createFormGuard(): FormGuard {
  const forms = new Set<GuardedForm>();
  return {
    register(form) {
      forms.add(form);
      return () => forms.delete(form);
    },
    requestClose(close) {
      const dirty = [...forms].filter((form) => form.isDirty());
      if (dirty.length === 0) {
        close();
        return;
      }
      void confirmDiscard().then((discard) => {
        if (!discard) return;
        for (const form of dirty) form.discard();
        close();
      });
    },
  };
}
