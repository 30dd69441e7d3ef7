import { type TSchema, Type } from '@sinclair/typebox';

/** Booleans arrive as true/false/1/0; the server normalizes the strings before validation. */
export const Bool = (options: { default?: boolean; description?: string } = {}) => Type.Boolean(options);

/** A user or object id: a positive integer, coerced from strings. */
export const Id = (description?: string) => Type.Integer({ minimum: 1, description });

/** Optional with a default, so handlers see a value. */
export const OptionalDefault = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** An uploaded file as the server sees it after parsing a multipart body. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Uint8Array;
}

/** A multipart file parameter: a Blob in the browser, an UploadedFile on the server. */
export const FileParam = (description?: string) =>
  Type.Unsafe<Blob | UploadedFile>({ type: 'object', 'x-file': true, description });

/** GET lists take page (1-based), limit (hard maximum 100) and fields (comma list or JSON). */
export const MAX_LIMIT = 100;
export const ListParams = (defaultLimit = 20) =>
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: defaultLimit })),
  });

export const FieldsParam = Type.Object({
  fields: Type.Optional(Type.String({ maxLength: 2000, description: 'comma list or JSON {"User":["uid"]}' })),
});
