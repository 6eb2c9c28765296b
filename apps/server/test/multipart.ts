import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';

export interface FilePart {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** Encodes a multipart/form-data body by hand, so tests control every byte (framing included). */
export function multipart(
  fields: Record<string, string | undefined>,
  files: Record<string, FilePart> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----rips${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A request that sends `fields` and `files` as multipart/form-data, `headers` (a sign-in) added. */
export function multipartRequest(
  method: InjectOptions['method'],
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string | undefined>,
  files: Record<string, FilePart> = {},
): InjectOptions & { payload: Buffer; headers: Record<string, string> } {
  const body = multipart(fields, files);
  return { method, url, payload: body.payload, headers: { ...body.headers, ...headers } };
}
