import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode } from '@rips/shared/api';
import { AppError } from '../errors.js';
import { formatBytes } from '../media/images.js';
import { NUL_MESSAGE } from '../plugins/input-guard.js';
import { newSpoolFile, removeSpoolFile } from './spool.js';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  mimeType: string;
  /**
   * The bytes, written to this process's spool folder as they arrived (decision 0065). The file
   * is removed when the response ends, whatever happened; services read it, never keep it.
   */
  path: string;
  size: number;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/** The spool files of each request still open, removed when its response closes. */
interface RequestSpool {
  files: Set<string>;
  closed: boolean;
}
const spools = new WeakMap<IncomingMessage, RequestSpool>();

/**
 * A root `onRequest` hook: once a multipart request's response has closed (sent, failed or
 * abandoned by the client), every file spooled for it is removed.
 */
export function releaseSpoolOnClose(
  request: FastifyRequest,
  reply: FastifyReply,
  done: () => void,
): void {
  if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
    const spool: RequestSpool = { files: new Set(), closed: false };
    spools.set(request.raw, spool);
    const release = () => {
      spool.closed = true;
      for (const file of spool.files) {
        removeSpoolFile(file).catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not remove a spooled upload'),
        );
      }
      spool.files.clear();
    };
    // 'finish' when the answer was sent, 'close' also when the client went away first.
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  }
  done();
}

/** Counts a file's bytes as they stream and stops at `limit`: the limit holds before any is kept. */
class ByteLimit extends Transform {
  bytes = 0;
  constructor(
    private readonly limit: number,
    private readonly tooLarge: () => AppError,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) callback(this.tooLarge());
    else callback(null, chunk);
  }
}

/**
 * Reads a multipart body: text fields into memory (their sizes are bounded by the parser), each
 * file streamed to a spool file while its byte limit is enforced, so no file is ever held whole
 * in memory. Only the named file fields are accepted; any framing error is the client's (4xx).
 * A file over its limit answers 413 naming the limit, and what was spooled of it is removed.
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
  const spool = spools.get(request.raw);
  if (!spool) throw new Error('multipart request without a spool (releaseSpoolOnClose missing)');
  const spoolDir = request.server.ctx.config.spoolDir;
  // The parser's own limit is one byte over the largest: ours (per field) answers first.
  const maxBytes = Math.max(...Object.values(fileLimits));
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
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
      const file = await newSpoolFile(spoolDir);
      spool.files.add(file);
      const counter = new ByteLimit(limit, () =>
        AppError.tooLarge(`The file is larger than ${formatBytes(limit)}.`),
      );
      try {
        await pipeline(part.file, counter, createWriteStream(file, { mode: 0o600 }));
        if (part.file.truncated) {
          throw AppError.tooLarge(`The file is larger than ${formatBytes(limit)}.`);
        }
      } catch (error) {
        spool.files.delete(file);
        await removeSpoolFile(file);
        throw error;
      }
      if (spool.closed) {
        // The client went away while the file arrived: the close handler ran before it existed.
        spool.files.delete(file);
        await removeSpoolFile(file);
        throw AppError.badRequest('The upload was interrupted. Please try again.');
      }
      form.files[part.fieldname] = {
        fieldName: part.fieldname,
        fileName: part.filename,
        mimeType: part.mimetype,
        path: file,
        size: counter.bytes,
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
