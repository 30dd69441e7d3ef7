import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { ErrorKind } from './errors';
import { FieldsParam, ListParams } from './params';

/**
 * Who may call an endpoint: anyone, anyone (identity used when present), a member, the site's
 * staff (admins and moderators), an admin, or a game acting for a member: a game token (param
 * `token`, or `Authorization: Bearer` from the game's own server without a cookie) that must name
 * the game called and, with a session, the session's member (docs/games.md).
 */
export type AuthRule = 'anonymous' | 'optional' | 'member' | 'staff' | 'admin' | 'game';
export type Method = 'GET' | 'POST';

export interface EndpointInput<P extends TObject, R extends TSchema> {
  area: string;
  call: string;
  method: Method;
  summary: string;
  params: P;
  /** Entity type name of the result list (the envelope key) and its schema. */
  result: { name: string; schema: R };
  auth: AuthRule;
  errors?: readonly ErrorKind[];
  /** GET lists: page/limit are added to the params, with this default limit. */
  list?: { defaultLimit: number };
  /** Multipart uploads: files are parsed into params. */
  multipart?: boolean;
  /** A GET of the API that changes state (marks read, records a visit): refused cross-site. */
  changesState?: boolean;
  /**
   * Moves gold, gems, love points or vouchers: the params must require `idempotencyKey`, so a
   * retried request moves nothing twice (docs/ledger.md). Tests derive the money calls from it.
   */
  movesMoney?: boolean;
}

export interface Endpoint<P extends TObject = TObject, R extends TSchema = TSchema>
  extends EndpointInput<P, R> {
  path: string;
  /** The full params schema the server validates: own params plus fields, page and limit. */
  schema: TObject;
  errors: readonly ErrorKind[];
}

export const API_PREFIX = '/servlet/api';

/** One definition per endpoint: it drives validation, types, the web client and OpenAPI. */
export function endpoint<P extends TObject, R extends TSchema>(input: EndpointInput<P, R>): Endpoint<P, R> {
  const extra: TObject[] = [];
  if (input.method === 'GET') extra.push(FieldsParam);
  if (input.list) extra.push(ListParams(input.list.defaultLimit));
  const schema = extra.length
    ? Type.Composite([input.params, ...extra], { additionalProperties: false })
    : Type.Object(input.params.properties, { additionalProperties: false });
  if (input.movesMoney && !(input.params.required ?? []).includes('idempotencyKey'))
    throw new Error(`${input.area}/${input.call} moves money: its params must require idempotencyKey`);
  const auth: ErrorKind[] =
    input.auth === 'anonymous' || input.auth === 'optional' ? [] : ['ApiLoginRequiredException'];
  return {
    ...input,
    path: `${API_PREFIX}/${input.area}/${input.call}.do`,
    schema,
    errors: [...new Set<ErrorKind>(['ApiValidationException', ...auth, ...(input.errors ?? [])])],
  };
}

/** What a caller passes: the endpoint's own params plus page/limit/fields where they apply. */
export type ParamsOf<E> =
  E extends Endpoint<infer P, TSchema>
    ? Static<P> & { page?: number; limit?: number; fields?: string }
    : never;
/** One item of the result list. */
export type ResultOf<E> = E extends Endpoint<TObject, infer R> ? Static<R> : never;
/** The success envelope: `{ "<Entity>": [ ... ] }`. */
export type EnvelopeOf<E> = E extends Endpoint<TObject, infer R> ? Record<string, Static<R>[]> : never;

/** Scalar result types of the envelope. */
export const Scalars = {
  Boolean: { name: 'Boolean', schema: Type.Boolean() },
  Integer: { name: 'Integer', schema: Type.Integer() },
  Long: { name: 'Long', schema: Type.Integer() },
  String: { name: 'String', schema: Type.String() },
  Pair: {
    name: 'Pair',
    schema: Type.Object({ first: Type.Integer(), second: Type.Integer() }),
  },
} as const;

/** `{"ApiSearchResult":[{"searchResults":[...],"totalNumberResults":120}]}` */
export const searchResult = <T extends TSchema>(item: T) => ({
  name: 'ApiSearchResult',
  schema: Type.Object({ searchResults: Type.Array(item), totalNumberResults: Type.Integer() }),
});
