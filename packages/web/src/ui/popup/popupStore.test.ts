import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeveloperError } from '../DeveloperError';
import { POPUP_MARGIN, POPUP_SHOW_MS, POPUP_SNAP_MS, PopupStore, snapPosition } from './popupStore';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('popups', () => {
  let storage: ReturnType<typeof memoryStorage>;
  let store: PopupStore;
  beforeEach(() => {
    vi.useFakeTimers();
    storage = memoryStorage();
    store = new PopupStore(storage);
  });
  afterEach(() => vi.useRealTimers());

  it('requires id and content (developer errors)', () => {
    expect(() => store.show({ id: '', content: 'x' })).toThrow(DeveloperError);
    expect(() => store.show({ id: 'tip', content: undefined })).toThrow(/requires content/);
    expect(() => store.show(undefined as never)).toThrow(DeveloperError);
  });

  it('snaps after 5 ms and shows after 10 ms', () => {
    expect([POPUP_SNAP_MS, POPUP_SHOW_MS, POPUP_MARGIN]).toEqual([5, 10, 10]);
    expect(store.show({ id: 'tip', content: 'Hola' })).toBe(true);
    expect(store.getState()[0].phase).toBe('pending');
    vi.advanceTimersByTime(4);
    expect(store.getState()[0].phase).toBe('pending');
    vi.advanceTimersByTime(1);
    expect(store.getState()[0].phase).toBe('snapped');
    vi.advanceTimersByTime(5);
    expect(store.getState()[0].phase).toBe('shown');
  });

  it('is shown only while the stored count is below expiration', () => {
    const options = { id: 'tip', content: 'Hola', expiration: 2 };
    expect(store.show(options)).toBe(true);
    store.click('tip');
    expect(store.count(options)).toBe(1);
    expect(store.show(options)).toBe(true);
    store.click('tip');
    expect(store.count(options)).toBe(2);
    expect(store.show(options)).toBe(false);
    expect(store.getState()).toEqual([]);
  });

  it('expiration 0 means always', () => {
    const options = { id: 'siempre', content: 'x', expiration: 0 };
    for (let i = 0; i < 5; i++) {
      expect(store.show(options)).toBe(true);
      store.click('siempre');
    }
    expect(store.count(options)).toBe(5);
  });

  it('a click hides it, stores the count and runs onClick; close runs onClose', () => {
    const onClick = vi.fn();
    const onClose = vi.fn();
    store.show({ id: 'a', content: 'x', expiration: 3, onClick, onClose });
    store.click('a');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(store.getState()).toEqual([]);
    expect(storage.data.get(PopupStore.key({ id: 'a' }))).toBe('1');
    store.show({ id: 'a', content: 'x', expiration: 3, onClick, onClose });
    store.close('a');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(store.count({ id: 'a' })).toBe(2);
  });

  it('a new version counts from zero', () => {
    const v1 = { id: 'nuevo', content: 'x', expiration: 1, version: 1 };
    store.show(v1);
    store.click('nuevo');
    expect(store.show(v1)).toBe(false);
    expect(store.show({ ...v1, version: 2 })).toBe(true);
  });

  it('the same popup is not stacked twice', () => {
    expect(store.show({ id: 'x', content: 'x' })).toBe(true);
    expect(store.show({ id: 'x', content: 'x' })).toBe(false);
    expect(store.getState()).toHaveLength(1);
  });
});

describe('snapPosition', () => {
  const viewport = { width: 360, height: 640 };
  const popup = { width: 200, height: 80 };

  it('sits 10 px below the target, centered on it', () => {
    expect(snapPosition({ top: 100, left: 80, width: 100, height: 40 }, popup, viewport)).toEqual({
      top: 150,
      left: 30,
    });
  });

  it('keeps a 10 px margin from the viewport edges', () => {
    expect(snapPosition({ top: 100, left: 0, width: 20, height: 20 }, popup, viewport).left).toBe(10);
    expect(snapPosition({ top: 100, left: 340, width: 20, height: 20 }, popup, viewport).left).toBe(150);
  });

  it('goes above when there is no room below', () => {
    expect(snapPosition({ top: 580, left: 100, width: 100, height: 40 }, popup, viewport).top).toBe(490);
  });

  it('centers in the viewport without a target', () => {
    expect(snapPosition(null, popup, viewport)).toEqual({ top: 280, left: 80 });
  });
});
