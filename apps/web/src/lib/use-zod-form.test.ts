// @vitest-environment jsdom
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { serverFieldErrors, useZodForm, type ZodForm } from './use-zod-form';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const SignUpLike = z.object({
  userName: z.string().trim().min(3, 'Username must be at least 3 characters.'),
  email: z
    .string()
    .trim()
    .email('Enter a valid email address.')
    .transform((v) => v.toLowerCase()),
});
type Form = ZodForm<typeof SignUpLike>;

let root: Root;
let host: HTMLElement;
let form: Form;
const onValid = vi.fn();
const onInvalid = vi.fn();

/** A plain form: the inputs get what the form gives them, aria-invalid included. */
function Harness(): ReactNode {
  form = useZodForm(SignUpLike, { initialValues: { userName: '', email: '' } });
  const input = (name: 'userName' | 'email') => {
    const { error: _error, ...props } = form.getInputProps(name);
    return createElement('input', { ...props, name });
  };
  return createElement(
    'form',
    { onSubmit: form.handleSubmit(onValid, onInvalid) },
    input('userName'),
    input('email'),
    createElement('button', { type: 'submit' }, 'Save'),
  );
}

async function type(name: string, value: string) {
  const input = host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  // React tracks the value it set; the native setter makes the change visible to it.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  await act(async () => {
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    host.querySelector('button')!.click();
  });
  // Focus moves on the next frame.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

beforeEach(async () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  onValid.mockReset();
  onInvalid.mockReset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(createElement(Harness)));
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('useZodForm', () => {
  it('shows the schema’s messages, focuses the first invalid field and sends nothing', async () => {
    await type('email', 'not-an-email');
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(form.errors).toEqual({
      userName: 'Username must be at least 3 characters.',
      email: 'Enter a valid email address.',
    });
    expect(document.activeElement?.getAttribute('name')).toBe('userName');
  });

  it('clears a field’s message when it changes, and hands on the parsed values', async () => {
    await submit();
    await type('userName', '  rose ');
    expect(form.errors['userName']).toBeUndefined();
    expect(form.errors['email']).toBe('Enter a valid email address.');
    await type('email', ' Rose@Example.TEST ');
    await submit();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ userName: 'rose', email: 'rose@example.test' });
  });

  it('puts the server’s field messages under their fields and focuses the first', async () => {
    await type('userName', 'rose');
    await type('email', 'rose@example.test');
    // The server answers a submit the schema accepted.
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    let shown = false;
    await act(async () => {
      shown = form.showServerErrors(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid request.', [
          { path: 'email.0', message: 'That address cannot receive mail.' },
          { path: 'unknown', message: 'Not a field of this form.' },
        ]),
      );
    });
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(shown).toBe(true);
    expect(form.errors).toEqual({ email: 'That address cannot receive mail.' });
    expect(document.activeElement?.getAttribute('name')).toBe('email');
    expect(form.showServerErrors(new Error('offline'))).toBe(false);
  });
});

describe('serverFieldErrors', () => {
  const values = {
    userName: 'rose',
    email: 'rose@example.test',
    avatar: null,
    assets: [{ v: '' }],
  };

  it('maps nested paths the form has, and the first message per field wins', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'Invalid request.', [
      { path: 'assets.0.v', message: 'Value is required.' },
      { path: 'assets.0.v', message: 'A second message.' },
      { path: 'assets.3.v', message: 'An entry the form does not hold.' },
    ]);
    expect(serverFieldErrors(error, values)).toEqual({
      'assets.0.v': 'Value is required.',
      assets: 'An entry the form does not hold.',
    });
  });

  it('puts a taken email or username under its field', () => {
    expect(
      serverFieldErrors(new ApiError(409, 'EMAIL_TAKEN', 'Email Already Exists'), values),
    ).toEqual({ email: 'Email Already Exists' });
    expect(
      serverFieldErrors(new ApiError(409, 'USERNAME_TAKEN', 'Username Already Exists'), values),
    ).toEqual({ userName: 'Username Already Exists' });
  });

  it('puts a refused file under the file field only when asked and nothing else matched', () => {
    const refused = new ApiError(422, 'INVALID_FILE', 'This file is not a picture.');
    expect(serverFieldErrors(refused, values)).toEqual({});
    expect(serverFieldErrors(refused, values, { fileField: 'avatar' })).toEqual({
      avatar: 'This file is not a picture.',
    });
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many uploads.');
    expect(serverFieldErrors(limited, values, { fileField: 'avatar' })).toEqual({});
  });
});
