import { describe, expect, it } from 'vitest';
import { ageOn } from './age';

describe('ageOn', () => {
  it('counts whole years, turning on the birthday itself', () => {
    const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
    expect(ageOn('1990-06-15', day('2020-06-14'))).toBe(29);
    expect(ageOn('1990-06-15', day('2020-06-15'))).toBe(30);
    expect(ageOn('1990-06-15', day('2020-12-31'))).toBe(30);
    expect(ageOn('2000-02-29', day('2021-02-28'))).toBe(20);
    expect(ageOn('2000-02-29', day('2021-03-01'))).toBe(21);
  });
});
