import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode } from '@rips/shared/api';
import { AppError } from '../errors.js';
import { formatBytes } from '../media/images.js';
import { NUL_MESSAGE } from '../plugins/input-guard.js';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  mimeType: string;
  buffer: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a multipart body whose files are small enough to hold in memory (the limits bound them).
 * Only the named file fields are accepted; any framing error is the client's, so it answers 4xx.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileLimits: Record<string, number>,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      ErrorCode.UnsupportedMediaType,
      'This request must be sent as multipart form data.',
    );
  }
  const maxBytes = Math.max(...Object.values(fileLimits));
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        if (part.value.includes('\u0000') || part.fieldname.includes('\u0000'))
          throw AppError.validation(NUL_MESSAGE);
        form.fields[part.fieldname] = part.value;
        continue;
      }
      const limit = fileLimits[part.fieldname];
      if (limit === undefined) {
        part.file.resume();
        throw AppError.badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}".`);
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated || buffer.length > limit) {
        throw AppError.tooLarge(`The file is larger than ${formatBytes(limit)}.`);
      }
      form.files[part.fieldname] = {
        fieldName: part.fieldname,
        fileName: part.filename,
        mimeType: part.mimetype,
        buffer,
      };
    }
  } catch (error) {
    throw asUploadError(error, maxBytes);
  }
  return form;
}

function asUploadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return AppError.tooLarge(`The file is larger than ${formatBytes(maxBytes)}.`);
  }
  if (code === 'FST_FILES_LIMIT') return AppError.badRequest('Please send one file at a time.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return AppError.badRequest('The form has too many fields.');
  }
  return AppError.badRequest('The upload could not be read. Please try again.');
}

/**
 * A route's upload: the zod schema of its text fields and its file fields. Routes parse the body
 * with it (`readUpload`), so services receive typed fields, and the OpenAPI document describes the
 * multipart body from it (see `route-schema.ts`). `json` also accepts the fields as a JSON body.
 */
export interface UploadSpec<S extends z.ZodType, K extends string> {
  fields: S;
  files: Record<K, 'required' | 'optional'>;
  json: boolean;
}

export function uploadForm<S extends z.ZodType, K extends string = never>(
  fields: S,
  files: Record<K, 'required' | 'optional'>,
  options: { json?: boolean } = {},
): UploadSpec<S, K> {
  return { fields, files, json: options.json ?? false };
}

/** A parsed upload: typed text fields and the files that came (a required one is checked by the service, with its own words). */
export interface UploadForm<F, K extends string> {
  fields: F;
  files: Partial<Record<K, UploadedFile>>;
}

/** Reads and parses an upload as `spec` describes it; a field error answers 400 with its path. */
export async function readUpload<S extends z.ZodType, K extends string>(
  request: FastifyRequest,
  spec: UploadSpec<S, K>,
  fileLimits: Record<K, number>,
): Promise<UploadForm<z.output<S>, K>> {
  let raw: MultipartForm;
  if (spec.json && !request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw AppError.badRequest('Please send the fields as form data or as a JSON object.');
    }
    raw = { fields: body as Record<string, string>, files: {} };
  } else {
    raw = await readMultipart(request, fileLimits);
  }
  const fields = spec.fields.parse(raw.fields);
  return { fields, files: raw.files as Partial<Record<K, UploadedFile>> };
}
