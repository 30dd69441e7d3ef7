import { type ErrorDetails, type ErrorKind, errorKindOf } from '@tertulia/contract';

/** A failed call: the HTTP status, the envelope's `<Kind>Exception` key and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    /** The server's text, already in the member's language; empty when it sent none. */
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status 0: the request never got an answer (offline, DNS, aborted proxy). */
export const NETWORK_ERROR = 'NetworkException';

export function apiErrorFrom(status: number, body: unknown): ApiError {
  const kind = errorKindOf(body) ?? (status >= 500 ? 'ApiInternalException' : 'ApiException');
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message : '';
  const details = record[kind];
  return new ApiError(
    status,
    kind,
    message,
    details && typeof details === 'object' ? (details as ErrorDetails) : {},
  );
}

/** `kind` is one of the contract's error kinds (errors.ts), or the client's NETWORK_ERROR. */
export function isApiError(error: unknown, kind?: ErrorKind | typeof NETWORK_ERROR): error is ApiError {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}
