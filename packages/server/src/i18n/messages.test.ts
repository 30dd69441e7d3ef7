import { describe, expect, it } from 'vitest';
import { catalogs, fieldLabel, translate } from './messages';

describe('server message catalogs', () => {
  it('have the same keys in every language, none empty', () => {
    const keys = Object.keys(catalogs.es).sort();
    expect(Object.keys(catalogs.en).sort()).toEqual(keys);
    for (const catalog of Object.values(catalogs))
      for (const text of Object.values(catalog)) expect(text.trim()).not.toBe('');
  });

  it('fills variables and starts sentences uppercase', () => {
    expect(translate('es', 'validation.required', { field: fieldLabel('es', 'email') })).toBe(
      'Falta el correo electrónico.',
    );
    expect(translate('es', 'validation.invalid', { field: fieldLabel('es', 'gender') })).toBe(
      'Revisa el sexo: el valor no es válido.',
    );
    expect(translate('en', 'validation.invalid', { field: fieldLabel('en', 'unknownParam') })).toBe(
      'UnknownParam is not valid.',
    );
  });
});
