import { type ErrorDetails, type ErrorKind, ErrorStatus } from '@tertulia/contract';
import { fieldLabel, type LocaleCode, type MessageKey, translate } from '../i18n/messages';

/** Anything a service throws for the client: a kind from the contract and a message key. */
export class ApiError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly details: ErrorDetails = {},
  ) {
    super(key);
  }

  get status(): number {
    return ErrorStatus[this.kind];
  }

  /**
   * The envelope: `{"message": "...", "<Kind>": {...}}` in the member's language; `call`
   * ("area.call") picks a field label meant for that call.
   */
  toBody(locale: LocaleCode, call?: string) {
    const vars = { ...this.vars };
    if (this.details.field) vars.field = fieldLabel(locale, this.details.field, call);
    return { message: translate(locale, this.key, vars), [this.kind]: this.details };
  }
}

export const invalid = (
  field: string,
  key: MessageKey = 'validation.invalid',
  vars: Record<string, string> = {},
) => new ApiError('ApiValidationException', key, vars, { field });
export const loginRequired = () => new ApiError('ApiLoginRequiredException', 'login.required');
export const forbidden = (key: MessageKey = 'forbidden.default') =>
  new ApiError('ApiForbiddenException', key);
export const notFound = (key: MessageKey = 'notFound.default') => new ApiError('ApiNotFoundException', key);
export const rateLimited = (retryAfterMs: number) =>
  new ApiError(
    'ApiRateLimitException',
    'rateLimit.tooMany',
    {},
    { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) },
  );
