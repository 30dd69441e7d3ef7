import { type IntegerOptions, type TSchema, Type } from '@sinclair/typebox';

/** Booleans arrive as true/false/1/0; the server normalizes the strings before validation. */
export const Bool = (options: { default?: boolean; description?: string } = {}) => Type.Boolean(options);

/** The largest id any table hands out: a 32-bit signed integer (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;
/** The deepest page a list serves: past it nobody is reading, and offsets stay small. */
export const MAX_PAGE = 10_000;
/** The oldest age a search filter takes. */
export const MAX_AGE = 120;

/** A bounded integer: every numeric parameter has both ends, so no value reaches SQL out of range. */
export const Int = (minimum: number, maximum: number, options: IntegerOptions = {}) =>
  Type.Integer({ minimum, maximum, ...options });

/** A user or object id: a positive integer, coerced from strings. */
export const Id = (description?: string) => Int(1, MAX_ID, { description });
/** An id where 0 means "none" or "clear". */
export const IdOrZero = (description?: string) => Int(0, MAX_ID, { description });
/** Epoch milliseconds (or a count of them): never negative, always an exact number. */
export const Timestamp = (description?: string) => Int(0, Number.MAX_SAFE_INTEGER, { description });

/**
 * Ours, on every money-moving call (gold, gems, love points): a retry with the same key answers
 * the first result and moves nothing again (docs/ledger.md). One per purchase attempt.
 */
export const IdempotencyKey = () =>
  Type.String({
    minLength: 8,
    maxLength: 100,
    pattern: '^[A-Za-z0-9_:.-]+$',
    description: 'ours, required: the same key again returns the first answer and moves no money',
  });

/** Optional with a default, so handlers see a value. */
export const OptionalDefault = <T extends TSchema>(schema: T) => Type.Optional(schema);

/**
 * An uploaded file as a handler sees it: streamed to a temporary file that is removed when the
 * request ends (read it within the handler).
 */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  /** The temporary file holding the bytes. */
  path: string;
  size: number;
}

export const MB = 1024 * 1024;
/** Upload limits per file parameter; a call's multipart body is refused past them. */
export const UploadLimits = { IMAGE: 15 * MB, VOICE: 5 * MB, VIDEO: 100 * MB, DEFAULT: 1 * MB } as const;

/**
 * A multipart file parameter: a Blob in the browser, an UploadedFile on the server. `maxBytes`
 * bounds the file; the server stops reading past it.
 */
export const FileParam = (description?: string, maxBytes: number = UploadLimits.DEFAULT) =>
  Type.Unsafe<Blob | UploadedFile>({ type: 'object', 'x-file': true, 'x-max-bytes': maxBytes, description });

/** Several files under one multipart name (at most `maxFiles`), each bounded by `maxBytes`. */
export const FilesParam = (description: string, maxBytes: number, maxFiles: number) =>
  Type.Unsafe<(Blob | UploadedFile)[]>({
    type: 'array',
    'x-file': true,
    'x-max-bytes': maxBytes,
    'x-max-files': maxFiles,
    description,
  });

/** How many files a file parameter takes (1 unless it is a FilesParam). */
export function fileCounts(schema: { properties: Record<string, TSchema> }): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (prop['x-file']) counts.set(name, Number(prop['x-max-files'] ?? 1));
  }
  return counts;
}

/** The file parameters of a params schema, with their byte limits. */
export function fileParams(schema: { properties: Record<string, TSchema> }): Map<string, number> {
  const files = new Map<string, number>();
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (prop['x-file']) files.set(name, Number(prop['x-max-bytes'] ?? UploadLimits.DEFAULT));
  }
  return files;
}

/** GET lists take page (1-based, at most MAX_PAGE), limit (hard maximum 100) and fields. */
export const MAX_LIMIT = 100;
export const Page = () => Int(1, MAX_PAGE, { default: 1 });
export const ListParams = (defaultLimit = 20) =>
  Type.Object({
    page: Type.Optional(Page()),
    limit: Type.Optional(Int(1, MAX_LIMIT, { default: defaultLimit })),
  });

export const FieldsParam = Type.Object({
  fields: Type.Optional(Type.String({ maxLength: 2000, description: 'comma list or JSON {"User":["uid"]}' })),
});
