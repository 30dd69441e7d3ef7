import { PushPrompt } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { countVisit, mayOffer, subscribesQuietly } from './offer';

const base = {
  supported: true,
  permission: 'default' as const,
  prompt: PushPrompt.NEVER_ASKED,
  visits: 2,
  offeredThisLoad: false,
};

describe('when the push permission dialog is offered', () => {
  it('after a moment on a second visit, once, while nobody said no', () => {
    expect(mayOffer(base)).toBe(true);
    expect(mayOffer({ ...base, visits: 1 })).toBe(false);
    expect(mayOffer({ ...base, offeredThisLoad: true })).toBe(false);
    expect(mayOffer({ ...base, prompt: PushPrompt.REFUSED })).toBe(false);
    expect(mayOffer({ ...base, permission: 'denied' })).toBe(false);
    expect(mayOffer({ ...base, supported: false })).toBe(false);
  });

  it('a browser already allowed subscribes without asking, unless the member refused', () => {
    expect(subscribesQuietly({ supported: true, permission: 'granted', prompt: PushPrompt.ACCEPTED })).toBe(
      true,
    );
    expect(subscribesQuietly({ supported: true, permission: 'granted', prompt: PushPrompt.REFUSED })).toBe(
      false,
    );
    expect(
      subscribesQuietly({ supported: true, permission: 'default', prompt: PushPrompt.NEVER_ASKED }),
    ).toBe(false);
  });

  it('counts visits in this browser', () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
    };
    expect(countVisit(storage)).toBe(1);
    expect(countVisit(storage)).toBe(2);
  });
});
