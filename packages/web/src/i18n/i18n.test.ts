import { afterAll, describe, expect, it } from 'vitest';
import { getLocale, interpolate, localeFromCookie, setLocale, t } from './i18n';

describe('i18n', () => {
  afterAll(() => setLocale('es'));

  it('reads the locale cookie, Spanish by default', () => {
    expect(localeFromCookie('')).toBe('es');
    expect(localeFromCookie('locale=en')).toBe('en');
    expect(localeFromCookie('sid=abc; locale=en_US; x=1')).toBe('en');
    expect(localeFromCookie('locale=fr')).toBe('es');
    expect(localeFromCookie('mylocale=en')).toBe('es');
  });

  it('interpolates placeholders and leaves unknown ones', () => {
    expect(interpolate('Hola, {name}', { name: 'Ana' })).toBe('Hola, Ana');
    expect(interpolate('{a} y {b}', { a: 1 })).toBe('1 y {b}');
  });

  it('switches catalogs', async () => {
    expect(t('header.login')).toBe('Iniciar sesión');
    await setLocale('en');
    expect(getLocale()).toBe('en');
    expect(t('header.login')).toBe('Log in');
    expect(t('home.welcome', { name: 'Ana' })).toBe('Hi, Ana');
  });
});
