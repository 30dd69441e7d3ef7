import { describe, expect, it } from 'vitest';
import { isAdult, mayOptInToNsfw, seesNsfw } from './nsfw';

const on = (day: string) => Date.parse(`${day}T12:00:00Z`);

describe('policy/nsfw', () => {
  it('counts a member adult from their 18th birthday (UTC day), not the day before', () => {
    expect(isAdult('2008-06-15', on('2026-06-15'))).toBe(true);
    expect(isAdult('2008-06-15', on('2026-06-14'))).toBe(false);
    // 29 February: adult on 1 March of a year without one.
    expect(isAdult('2008-02-29', on('2026-02-28'))).toBe(false);
    expect(isAdult('2008-02-29', on('2026-03-01'))).toBe(true);
    expect(isAdult('', on('2026-03-01'))).toBe(false);
  });

  it('shows NSFW only to adults who opted in; a minor may opt out but never in', () => {
    const adult = { birth_date: '1990-01-01' };
    const minor = { birth_date: '2012-01-01' };
    const now = on('2026-11-26');
    expect(seesNsfw(adult, true, now)).toBe(true);
    expect(seesNsfw(adult, false, now)).toBe(false);
    expect(seesNsfw(minor, true, now)).toBe(false);
    expect(seesNsfw(null, true, now)).toBe(false);
    expect(mayOptInToNsfw(minor, true, now)).toBe(false);
    expect(mayOptInToNsfw(minor, false, now)).toBe(true);
    expect(mayOptInToNsfw(adult, true, now)).toBe(true);
  });
});
