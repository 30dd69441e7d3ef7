import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Endpoint, fileCounts, fileParams, MB, type UploadedFile } from '@tertulia/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalid } from './errors';

/** Text fields of a multipart body: each at most 64 KB, at most 50 of them. */
export const FIELD_BYTES = 64 * 1024;
export const MAX_FIELDS = 50;

/** A file streamed to disk by readMultipart; only these count as files for a handler. */
class TempFile implements UploadedFile {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    readonly path: string,
    readonly size: number,
  ) {}
}

export const isUploadedFile = (value: unknown): value is UploadedFile => value instanceof TempFile;

/**
 * A file the server made itself, handed to a use case that takes uploads (a saved live recording,
 * features/live/stream/save.ts). The caller removes it, as the request does an upload's.
 */
export const serverMadeFile = (
  filename: string,
  mimetype: string,
  file: string,
  size: number,
): UploadedFile => new TempFile(filename, mimetype, file, size);

/** The bytes of an upload (bounded by its call's limit, so reading them whole is fine). */
export const readUpload = (file: UploadedFile): Promise<Buffer> => fs.readFile(file.path);

const tooLarge = (field: string, maxBytes: number) =>
  new ApiError(
    'ApiPayloadTooLargeException',
    'upload.tooLarge',
    { mb: String(Math.round((maxBytes / MB) * 10) / 10) },
    { field },
  );

/** Errors of the multipart parser (busboy and the plugin) in our envelope: all the client's doing. */
function parserError(error: unknown, files: Map<string, number>): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return files.size ? invalid('body', 'upload.tooManyFiles') : invalid('body', 'upload.notAccepted');
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return invalid('body', 'upload.tooManyFields');
  return invalid('body', 'upload.malformed');
}

/**
 * Reads a multipart body: text fields into params, each file part of one of the call's file
 * params streamed to a temporary file in `dir` (its path pushed to `temp` for the caller to
 * remove). A file the call does not take is refused before its bytes are read.
 */
export async function readMultipart(
  request: FastifyRequest,
  endpoint: Endpoint,
  dir: string,
  temp: string[],
): Promise<Record<string, unknown>> {
  const files = fileParams(endpoint.schema);
  // A FilesParam takes several parts under one name (kept as an array); others take one.
  const counts = fileCounts(endpoint.schema);
  const fileTotal = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const maxBytes = Math.max(0, ...files.values());
  const params: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  const limits = {
    fileSize: maxBytes,
    files: fileTotal,
    fields: MAX_FIELDS,
    fieldSize: FIELD_BYTES,
    parts: MAX_FIELDS + fileTotal,
  };
  try {
    for await (const part of request.parts({ limits, throwFileSizeLimit: true } as never)) {
      if (part.type === 'field') {
        // An empty text part in a file's place means "no file" (as an empty form value does).
        if (files.has(part.fieldname) && part.value !== '') {
          throw invalid(part.fieldname, 'upload.fileExpected');
        }
        if (part.valueTruncated) throw invalid(part.fieldname, 'validation.tooLong');
        params[part.fieldname] = part.value;
        continue;
      }
      const limit = files.get(part.fieldname);
      const many = (counts.get(part.fieldname) ?? 1) > 1;
      const taken = part.fieldname in params && !(many && Array.isArray(params[part.fieldname]));
      if (limit === undefined || taken) {
        part.file.destroy(); // stops the parser: the rest of the body is never read
        throw invalid(part.fieldname, 'upload.notAccepted');
      }
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `upload-${randomBytes(12).toString('hex')}`);
      temp.push(file);
      // Refused the moment a part passes its limit, not when the part ends: busboy would
      // otherwise read (and drop) the rest of a body that may declare a gigabyte.
      let received = 0;
      const overLimit = () => part.file.destroy(tooLarge(part.fieldname, limit));
      part.file.once('limit', overLimit);
      part.file.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit) overLimit();
      });
      try {
        await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
          throw tooLarge(part.fieldname, limit);
        }
        throw error;
      }
      const { size } = await fs.stat(file);
      // Past the call's largest limit busboy stops writing and marks the stream truncated.
      if (part.file.truncated || size > limit) throw tooLarge(part.fieldname, limit);
      const upload = new TempFile(part.filename, part.mimetype, file, size);
      if (many) params[part.fieldname] = [...((params[part.fieldname] as TempFile[]) ?? []), upload];
      else params[part.fieldname] = upload;
    }
  } catch (error) {
    throw parserError(error, files);
  }
  return params;
}

/** Removes a request's temporary files; a file never written is fine. */
export async function removeTemp(temp: string[]) {
  await Promise.all(temp.map((file) => fs.rm(file, { force: true })));
}

/**
 * A file param given any other way (a JSON object, a form or query string) is refused: only a
 * multipart file part is a file.
 */
export function refuseFakeFiles(endpoint: Endpoint, params: Record<string, unknown>) {
  for (const name of fileParams(endpoint.schema).keys()) {
    const value = params[name];
    const values = Array.isArray(value) ? value : [value];
    if (value !== undefined && value !== '' && !values.every(isUploadedFile)) {
      throw invalid(name, 'upload.fileExpected');
    }
  }
}
