// @vitest-environment jsdom
import type { Session } from '@rips/shared/users';
import type * as ApiClientModule from './api-client';
import type * as SessionModule from './session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inOneHour, sessionWith, tokenExpiringAt } from './test-sessions';

/*
 * The real client against a stubbed fetch. session.ts keeps its state per page, so each test
 * imports fresh modules after arranging localStorage.
 */

const rose: Session = sessionWith(tokenExpiringAt(inOneHour()));

async function freshClient(
  signedIn: boolean,
): Promise<{ client: typeof ApiClientModule; session: typeof SessionModule }> {
  if (signedIn) window.localStorage.setItem('user', JSON.stringify({ data: rose }));
  vi.resetModules();
  const session = await import('./session');
  session.initSession();
  return { client: await import('./api-client'), session };
}

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, contentType = 'application/json') {
  fetchMock.mockResolvedValueOnce(
    new Response(body, { status, headers: { 'Content-Type': contentType } }),
  );
}

/** The server's error envelope, as JSON: status, code, message, then any other fields. */
function answerEnvelope(
  statusCode: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  answer(statusCode, JSON.stringify({ statusCode, code, message, success: false, ...extra }));
}

/** The rejection of a call, which must be an ApiError. */
async function failure(call: Promise<unknown>, client: typeof ApiClientModule) {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(client.ApiError);
  return error as ApiClientModule.ApiError;
}

async function alertMessages(): Promise<string[]> {
  // notify.ts loads the notifications package on the first alert; let it settle.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const { notificationsStore } = await import('@mantine/notifications');
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((n) => String(n.message));
}

beforeEach(async () => {
  window.localStorage.clear();
  // The package is not reloaded by vi.resetModules: its alerts outlive a test.
  (await import('@mantine/notifications')).cleanNotifications();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('api client errors', () => {
  it('turns the error envelope into an ApiError with code, message and field errors', async () => {
    const { client } = await freshClient(false);
    answerEnvelope(400, 'VALIDATION_ERROR', 'Please check the highlighted fields.', {
      errors: [{ path: 'fullName', message: 'Full name is required.' }],
    });

    const error = await failure(client.api.post('/memorials', { fullName: '' }), client);

    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Please check the highlighted fields.');
    expect(error.errors).toEqual([{ path: 'fullName', message: 'Full name is required.' }]);
    expect(error.fieldError('fullName')).toBe('Full name is required.');
    expect(error.fieldError('dateOfBirth')).toBeUndefined();
    expect(client.errorMessage(error)).toBe('Please check the highlighted fields.');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/memorials');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ fullName: '' }));
  });

  it('gives an envelope without field errors an empty list', async () => {
    const { client } = await freshClient(false);
    answerEnvelope(404, 'NOT_FOUND', 'Not found.');

    const error = await failure(client.api.get('/memorials/nope'), client);

    expect(error.code).toBe('NOT_FOUND');
    expect(error.errors).toEqual([]);
  });

  it('answers a readable message for a 502 whose body is not JSON', async () => {
    const { client } = await freshClient(false);
    answer(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');

    const error = await failure(client.api.get('/home'), client);

    expect(error.status).toBe(502);
    expect(error.code).toBe('UNKNOWN');
    expect(error.message).toBe('Something went wrong. Please try again.');
    expect(client.errorMessage(error)).toBe('Something went wrong. Please try again.');
    expect(client.errorMessage(error, 'Could not load the page.')).toBe('Could not load the page.');
  });

  it('hides the words of a 5xx envelope behind the fallback', async () => {
    const { client } = await freshClient(false);
    answerEnvelope(500, 'INTERNAL_ERROR', 'Internal server error.');

    const error = await failure(client.api.get('/home'), client);

    expect(error.code).toBe('INTERNAL_ERROR');
    expect(client.errorMessage(error, 'Could not load the page.')).toBe('Could not load the page.');
  });

  it('turns a failed fetch into the network error', async () => {
    const { client } = await freshClient(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const error = await failure(client.api.get('/home'), client);

    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe(client.NETWORK_ERROR_MESSAGE);
    expect(client.errorMessage(error)).toBe(client.NETWORK_ERROR_MESSAGE);
  });

  it('reports a call the caller cancelled as aborted, not as a network failure', async () => {
    const { client } = await freshClient(false);
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });

    const error = await failure(client.api.get('/home', { signal: controller.signal }), client);

    expect(error.code).toBe('ABORTED');
  });
});

describe('401 answers', () => {
  const unauthenticated = () => answerEnvelope(401, 'UNAUTHENTICATED', 'Please log in.');

  it('ends the session of an authenticated call, with the expiry notice', async () => {
    const { client, session } = await freshClient(true);
    unauthenticated();

    const error = await failure(client.api.get('/account'), client);

    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({
      Authorization: `Bearer ${rose.accessToken}`,
    });
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(session.getSession()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(await alertMessages()).toEqual([session.SESSION_EXPIRED_MESSAGE]);
  });

  it('keeps the session, without a notice, when the call opts out (logout)', async () => {
    const { client, session } = await freshClient(true);
    unauthenticated();

    await failure(
      client.api.post('/auth/logout', undefined, { expireOnUnauthorized: false }),
      client,
    );

    expect(session.getSession()).toEqual(rose);
    expect(await alertMessages()).toEqual([]);
  });

  it('leaves a visitor alone: a 401 on a call without a token (a wrong password) is just an error', async () => {
    const { client, session } = await freshClient(false);
    answerEnvelope(401, 'INVALID_CREDENTIALS', 'Wrong username or password.');

    const error = await failure(client.api.post('/auth/login', { userName: 'rose' }), client);

    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(client.errorMessage(error)).toBe('Wrong username or password.');
    expect(session.getSession()).toBeNull();
    expect(await alertMessages()).toEqual([]);
  });
});
