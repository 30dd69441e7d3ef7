/** Error kinds of the API envelope (docs/architecture.md) and the HTTP status each answers with. */
export const ErrorStatus = {
  ApiValidationException: 400,
  ApiLoginRequiredException: 401,
  InsufficientFundsException: 402,
  ApiForbiddenException: 403,
  ApiVerificationRequiredException: 403,
  ApiNotFoundException: 404,
  BuddyRequestConfirmationRequiredException: 409,
  ApiConflictException: 409,
  ApiGoneException: 410,
  ApiPayloadTooLargeException: 413,
  ApiRateLimitException: 429,
  ApiInternalException: 500,
  ApiUnavailableException: 503,
} as const;

export type ErrorKind = keyof typeof ErrorStatus;

/** The default error text, shown when nothing more specific can be said. */
export const DEFAULT_ERROR_TEXT =
  'Hubo un problema. Se lo comunicamos al equipo de asistencia técnica. Vuelve a intentarlo.';

/** Details carried under the kind key, e.g. `{"ApiValidationException":{"field":"name"}}`. */
export interface ErrorDetails {
  field?: string;
  retryAfterSeconds?: number;
  [key: string]: unknown;
}

export type ErrorBody = { message: string } & { [K in ErrorKind]?: ErrorDetails };

/** The spec reads the error type as the first key ending in "Exception". */
export function errorKindOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  return Object.keys(body).find((key) => key.endsWith('Exception'));
}
