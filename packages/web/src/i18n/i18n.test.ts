import { afterAll, describe, expect, it } from 'vitest';
import { es } from './es';
import {
  formatCount,
  getLocale,
  interpolate,
  localeFromCookie,
  plural,
  pluralCategory,
  setLocale,
  t,
} from './i18n';

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

describe('plurals and counts', () => {
  afterAll(() => setLocale('es'));

  it('Spanish picks the singular for 1 and the plain key otherwise', async () => {
    await setLocale('es');
    expect(t('feed.comments', { count: 0 })).toBe('0 comentarios');
    expect(t('feed.comments', { count: 1 })).toBe('1 comentario');
    expect(t('feed.comments', { count: 2 })).toBe('2 comentarios');
    expect(t('feed.comments', { count: 1000 })).toBe('1000 comentarios');
    expect(t('feed.comments', { count: 12000 })).toBe('12.000 comentarios');
    expect(t('feed.likedByMore', { name: 'Ana', count: 1 })).toBe('A Ana y 1 más les gusta esto');
  });

  it('English picks "one" for 1, and groups thousands', async () => {
    await setLocale('en');
    expect(t('feed.likedByMore', { name: 'Ana', count: 0 })).toBe('Ana and 0 others like this');
    expect(t('feed.likedByMore', { name: 'Ana', count: 1 })).toBe('Ana and 1 other like this');
    expect(t('feed.likedByMore', { name: 'Ana', count: 2 })).toBe('Ana and 2 others like this');
    expect(t('feed.likedByMore', { name: 'Ana', count: 1000 })).toBe('Ana and 1,000 others like this');
    expect(t('chat.duration.days', { n: 1 })).toBe('1 day');
  });

  it('falls back to the plain key when a language has no form for the category', () => {
    expect(plural(es, 'es', 'im.unreadCount', { count: 1 })).toBe('1 sin leer');
    expect(pluralCategory('es', 1)).toBe('one');
    expect(pluralCategory('en', 0)).toBe('other');
    expect(formatCount(1000, 'en')).toBe('1,000');
  });
});
