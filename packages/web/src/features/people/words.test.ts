import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { es, type MessageKey } from '../../i18n/es';
import { interpolate } from '../../i18n/i18n';
import { options, PROFILE_ENUMS, type WordField, word, wordKey } from './words';

const inSpanish = (key: MessageKey) => interpolate(es[key]);
const inEnglish = (key: MessageKey) => interpolate(en[key]);

describe('profile codes in words', () => {
  it('every code of every field has a word in both catalogs, and they differ by language', () => {
    for (const field of Object.keys(PROFILE_ENUMS) as WordField[]) {
      for (const code of PROFILE_ENUMS[field]) {
        const key = wordKey(field, code);
        expect(key, `${field} ${code}`).toBeDefined();
        expect(es[key!], `${key} es`).toBeTruthy();
        expect(en[key!], `${key} en`).toBeTruthy();
      }
    }
    expect(word('children', 4, inEnglish)).toBe('I have children');
    expect(word('children', 4, inSpanish)).toBe('Tengo hijos');
  });

  it('the enumerations read as the API names them', () => {
    expect([1, 2, 3, 4].map((c) => word('children', c, inEnglish))).toEqual([
      "I don't want children",
      'I want children someday',
      "I don't know yet",
      'I have children',
    ]);
    expect([1, 2, 3, 4, 5].map((c) => word('lookingFor', c, inSpanish))).toEqual([
      'Citas',
      'Una relación seria',
      'Amistad',
      'Contactos profesionales',
      'De todo un poco',
    ]);
    expect([1, 2, 3, 4].map((c) => word('relationshipStatus', c, inEnglish))).toEqual([
      'Single',
      'In a relationship',
      'Married',
      'Divorced',
    ]);
    expect([1, 2, 3].map((c) => word('sexualOrientation', c, inEnglish))).toEqual([
      'Straight',
      'Gay or lesbian',
      'Bisexual',
    ]);
    expect(word('education', 1, inEnglish)).toBe('Some high school');
    expect(word('education', 5, inEnglish)).toBe('Postgraduate');
    expect(PROFILE_ENUMS.ethnicity).toHaveLength(9);
    expect([0, 1, 2].map((c) => word('permission', c, inSpanish))).toEqual([
      'Todos',
      'Solo mis amigos',
      'Nadie',
    ]);
    expect([1, 2, 3].map((c) => word('searchProximity', c, inEnglish))).toEqual([
      'My city',
      'My state or province',
      'My country',
    ]);
  });

  it('empty (0, missing) and unknown codes have no word', () => {
    expect(word('education', 0)).toBeUndefined();
    expect(word('education', undefined)).toBeUndefined();
    expect(word('education', 6)).toBeUndefined();
    expect(word('children', -1)).toBeUndefined();
    expect(word('gender', 'x')).toBeUndefined();
  });

  it('select options come in the enumeration order with their words', () => {
    expect(options('relationshipStatus', inSpanish)).toEqual([
      { value: '1', label: 'Soltero/a' },
      { value: '2', label: 'En una relación' },
      { value: '3', label: 'Casado/a' },
      { value: '4', label: 'Divorciado/a' },
    ]);
    expect(options('gender', inEnglish).map((o) => o.value)).toEqual(['f', 'm']);
  });
});
