import type { ParamsOf } from '@tertulia/contract';
import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from './idempotency';

/** What a member asked for, as a stable text: the same params are the same intended action. */
const intentOf = (params: unknown): string =>
  JSON.stringify(params ?? null, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** A money call's params as a dialog gives them: the key is added by `withKey`. */
export type Unkeyed<E> = Omit<ParamsOf<E>, 'idempotencyKey'>;

export interface IdempotencyKeys {
  /** The params with the key of this intended action: the same params again, the same key. */
  withKey<P extends object>(params: P): P & { idempotencyKey: string };
  /** The action went through: asking for it again is a new intention, with a new key. */
  succeeded(params: object): void;
}

/**
 * The one way a money dialog or button keys its calls (docs/ledger.md): one key per intended
 * action, kept across retries and double clicks, so a lost answer retried pays once. A new key
 * comes only after success, or when what is asked changes (another gift, offer or receiver).
 */
export function useIdempotencyKey(): IdempotencyKeys {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      withKey<P extends object>(params: P) {
        const intent = intentOf(params);
        let key = keys.current.get(intent);
        if (!key) {
          key = newIdempotencyKey();
          keys.current.set(intent, key);
        }
        return { ...params, idempotencyKey: key };
      },
      succeeded(params: object) {
        const { idempotencyKey: _sent, ...asked } = params as { idempotencyKey?: string };
        keys.current.delete(intentOf(asked));
      },
    }),
    [],
  );
}
