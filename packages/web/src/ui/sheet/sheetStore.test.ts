import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeveloperError } from '../DeveloperError';
import { SHEET_HIDE_MS, SHEET_SHOW_DELAY_MS, SheetStore } from './sheetStore';

describe('sheet lifecycle', () => {
  let store: SheetStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = new SheetStore();
  });
  afterEach(() => vi.useRealTimers());

  const phase = (id: string) => store.getState().find((e) => e.options.id === id)?.phase;

  it('requires an id and content or actions (developer errors)', () => {
    expect(() => store.open({ id: '', title: 'x', content: 'hola' })).toThrow(DeveloperError);
    expect(() => store.open({ id: 'a', title: 'x' })).toThrow(DeveloperError);
    expect(() => store.open({ id: 'a', title: 'x', actions: [] })).toThrow(/content or actions/);
    expect(store.getState()).toEqual([]);
    expect(() => store.open({ id: 'a', title: 'x', actions: [{ text: 'ok' }] })).not.toThrow();
  });

  it('starts hidden offscreen, then shows', () => {
    store.open({ id: 'lang', title: 'Idioma', content: 'es / en' });
    expect(phase('lang')).toBe('hidden');
    expect(store.isOpen('lang')).toBe(false);
    vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS);
    expect(phase('lang')).toBe('shown');
    expect(store.isOpen('lang')).toBe(true);
  });

  it('hides with a 250 ms animation and is kept for next time', () => {
    expect(SHEET_HIDE_MS).toBe(250);
    store.open({ id: 'lang', title: 'Idioma', content: 'es / en' });
    vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS);
    store.close('lang');
    expect(phase('lang')).toBe('hiding');
    vi.advanceTimersByTime(249);
    expect(phase('lang')).toBe('hiding');
    vi.advanceTimersByTime(1);
    expect(phase('lang')).toBe('hidden');
    // Re-opening reuses the kept sheet.
    store.open({ id: 'lang', title: 'Idioma', content: 'otra vez' });
    vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS);
    expect(store.getState()).toHaveLength(1);
    expect(phase('lang')).toBe('shown');
  });

  it('burnAfterReading removes it after use', () => {
    store.open({ id: 'share', title: 'Compartir', actions: [{ text: 'Copiar' }], burnAfterReading: true });
    vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS);
    store.close('share');
    vi.advanceTimersByTime(SHEET_HIDE_MS);
    expect(store.getState()).toEqual([]);
  });

  it('opening again while hiding cancels the hide', () => {
    store.open({ id: 's', title: 'S', content: 'x', burnAfterReading: true });
    vi.advanceTimersByTime(SHEET_SHOW_DELAY_MS);
    store.close('s');
    vi.advanceTimersByTime(100);
    store.open({ id: 's', title: 'S', content: 'y', burnAfterReading: true });
    vi.advanceTimersByTime(1000);
    expect(phase('s')).toBe('shown');
    expect(store.getState()[0].options.content).toBe('y');
  });

  it('closing an unknown sheet is harmless', () => {
    expect(() => store.close('nada')).not.toThrow();
  });
});
