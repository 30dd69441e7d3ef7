import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeveloperError } from '../DeveloperError';
import { ToastQueue } from '../toast/toastStore';
import { DIALOG_LOAD_TIMEOUT_MS, DialogStore, defineDialog } from './dialogStore';

const Component = () => null;

describe('dialog host store', () => {
  let toasts: ToastQueue;
  let store: DialogStore;
  beforeEach(() => {
    vi.useFakeTimers();
    toasts = new ToastQueue();
    store = new DialogStore(toasts);
  });
  afterEach(() => vi.useRealTimers());

  it('loads the dialog chunk on first open only, then reuses it', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Component }));
    const definition = defineDialog<{ name: string }>(load);
    expect(load).not.toHaveBeenCalled(); // defining a dialog loads nothing
    const key = store.open(definition, { name: 'Ana' });
    expect(store.getState()[0]).toMatchObject({ key, status: 'loading', props: { name: 'Ana' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()[0].status).toBe('ready');
    store.open(definition, { name: 'Bea' });
    expect(store.getState()[1].status).toBe('ready');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that does not arrive within 20000 ms closes the dialog with an error toast', async () => {
    expect(DIALOG_LOAD_TIMEOUT_MS).toBe(20_000);
    const definition = defineDialog(() => new Promise<never>(() => undefined));
    store.open(definition, {});
    await vi.advanceTimersByTimeAsync(19_999);
    expect(store.getState()).toHaveLength(1);
    expect(toasts.getState().current).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState()).toEqual([]);
    expect(toasts.getState().current).toMatchObject({
      kind: 'error',
      text: 'Hubo un problema. Se lo comunicamos al equipo de asistencia técnica. Vuelve a intentarlo.',
    });
  });

  it('a failing chunk shows the error toast too', async () => {
    store.open(
      defineDialog<object>(() => Promise.reject(new Error('404'))),
      {},
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toEqual([]);
    expect(toasts.getState().current?.kind).toBe('error');
  });

  it('a dialog closed while loading does not toast when the load fails later', async () => {
    const key = store.open(
      defineDialog(() => new Promise<never>(() => undefined)),
      {},
    );
    store.close(key);
    await vi.advanceTimersByTimeAsync(DIALOG_LOAD_TIMEOUT_MS);
    expect(toasts.getState().current).toBeNull();
  });

  it('minimizes and maximizes', async () => {
    const key = store.open(
      defineDialog(() => Promise.resolve({ default: Component })),
      {},
    );
    store.minimize(key);
    expect(store.getState()[0].minimized).toBe(true);
    store.maximize(key);
    expect(store.getState()[0].minimized).toBe(false);
  });

  it('opening without a definition is a developer error', () => {
    expect(() => store.open(undefined as never, {})).toThrow(DeveloperError);
  });
});
