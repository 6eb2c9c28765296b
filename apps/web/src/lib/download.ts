import { ApiError, apiUrl, NETWORK_ERROR_MESSAGE } from './api-client';
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
 * the server gives. A refusal throws the server's own message, like every other call.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
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
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, fallbackName);
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the save before the blob goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
