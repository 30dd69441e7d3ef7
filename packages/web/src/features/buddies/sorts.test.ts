import { BuddySort } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { es } from '../../i18n/es';
import { isBuddySort, putsOnlineFirst, SORTS, showsPositions, sortLabelKey } from './sorts';

describe('friend-list sorts', () => {
  it('offers the five sorts, my order first', () => {
    expect(SORTS).toEqual([
      'DEFAULT',
      'ONLINE_DEFAULT',
      'ONLINE_ACCESS_DEFAULT',
      'ONLINE_STATUS_DEFAULT',
      'ALPHABETICAL',
    ]);
    expect([...SORTS].sort()).toEqual(Object.values(BuddySort).sort());
  });

  it('names every sort in words, distinctly, in Spanish and English', () => {
    for (const catalog of [es, en]) {
      const labels = SORTS.map((sort) => catalog[sortLabelKey(sort)]);
      for (const label of labels) expect(label).toMatch(/\p{L}/u);
      expect(new Set(labels).size).toBe(SORTS.length);
      for (const [i, label] of labels.entries()) expect(label).not.toContain(SORTS[i]);
    }
    expect(SORTS.map((sort) => es[sortLabelKey(sort)])).toEqual([
      'Mi orden',
      'En línea primero, luego mi orden',
      'En línea primero, luego última conexión',
      'Por estado: disponibles, ocupados, desconectados',
      'Alfabético',
    ]);
    expect(en[sortLabelKey('ALPHABETICAL')]).toBe('Alphabetical');
  });

  it("on someone else's list, the hand order is theirs", () => {
    expect(SORTS.map((sort) => es[sortLabelKey(sort, false)])).toEqual([
      'Su orden',
      'En línea primero, luego su orden',
      'En línea primero, luego última conexión',
      'Por estado: disponibles, ocupados, desconectados',
      'Alfabético',
    ]);
    expect(en[sortLabelKey('DEFAULT', false)]).toBe('Their order');
  });

  it('knows a sort value when it sees one', () => {
    expect(isBuddySort('ONLINE_DEFAULT')).toBe(true);
    expect(isBuddySort('online_default')).toBe(false);
    expect(isBuddySort(undefined)).toBe(false);
  });

  it('online-first orders make the online switch pointless; positions only in my order', () => {
    expect(SORTS.filter(putsOnlineFirst)).toEqual([
      'ONLINE_DEFAULT',
      'ONLINE_ACCESS_DEFAULT',
      'ONLINE_STATUS_DEFAULT',
    ]);
    expect(showsPositions('DEFAULT', false)).toBe(true);
    expect(showsPositions('DEFAULT', true)).toBe(false);
    expect(showsPositions('ALPHABETICAL', false)).toBe(false);
  });
});
