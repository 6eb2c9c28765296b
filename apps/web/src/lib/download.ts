import { ApiError, apiUrl, NETWORK_ERROR_MESSAGE } from './api-client';
import { saveFile } from './save-file';
import { getAccessToken } from './session';

/** The file name a download answer gives (Content-Disposition), or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Fetches a file the API answers to the signed-in member (an archive) and saves it under the name
 * the server gives. A refusal throws the server's own message, like every other call. With a
 * `body` the file is asked for by a POST of that JSON (an emailed link's token, never in a URL).
 */
export async function downloadFromApi(
  path: string,
  fallbackName: string,
  { body }: { body?: unknown } = {},
): Promise<void> {
  const token = getAccessToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      headers,
      ...(body !== undefined ? { method: 'POST', body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      code?: string;
      message?: string;
    } | null;
    throw new ApiError(
      response.status,
      (body?.code as ApiError['code'] | undefined) ?? 'UNKNOWN',
      body?.message ?? 'The download failed. Please try again.',
    );
  }
  saveFile(await response.blob(), fileNameOf(response, fallbackName));
}
