// @vitest-environment jsdom
import { PROTOCOL, type ResponseMessage } from '@tertulia/games-sdk/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type BridgeHandlers, startBridge } from './bridge';

const texts = {
  invalid: (r: string) => `Petición no válida: ${r}`,
  rateLimited: 'Demasiadas peticiones',
  failed: 'Falló',
};

function frame() {
  const el = document.createElement('iframe');
  document.body.append(el);
  const win = el.contentWindow as Window;
  const answers: ResponseMessage[] = [];
  win.addEventListener('message', (e) => answers.push(e.data));
  return { win, answers };
}
const send = (source: Window, data: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { data, source: source as never }));
const settle = () => new Promise((r) => setTimeout(r, 20));
const handlers = (over: Partial<BridgeHandlers> = {}) =>
  ({ submitScore: vi.fn(async () => ({ best: 9, rank: 1 })), ...over }) as unknown as BridgeHandlers;

let stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  document.body.replaceChildren();
});

describe('the host bridge', () => {
  it('answers its own frame, with the handler’s result under the request’s id', async () => {
    const game = frame();
    const h = handlers();
    stops.push(startBridge({ frame: () => game.win, handlers: h, texts }));
    send(game.win, { protocol: PROTOCOL, id: 'r1', method: 'submitScore', params: { score: 9 } });
    await settle();
    expect(h.submitScore).toHaveBeenCalledWith({ score: 9 });
    expect(game.answers).toEqual([{ protocol: PROTOCOL, id: 'r1', ok: true, result: { best: 9, rank: 1 } }]);
  });

  it('ignores every other window: another frame, the page itself', async () => {
    const game = frame();
    const other = frame();
    const h = handlers();
    stops.push(startBridge({ frame: () => game.win, handlers: h, texts }));
    send(other.win, { protocol: PROTOCOL, id: 'x', method: 'submitScore', params: { score: 9 } });
    send(window, { protocol: PROTOCOL, id: 'y', method: 'submitScore', params: { score: 9 } });
    await settle();
    expect(h.submitScore).not.toHaveBeenCalled();
    expect(other.answers).toEqual([]);
    expect(game.answers).toEqual([]);
  });

  it('refuses unknown methods and bad arguments in words, without calling anything', async () => {
    const game = frame();
    const h = handlers();
    stops.push(startBridge({ frame: () => game.win, handlers: h, texts }));
    send(game.win, { protocol: PROTOCOL, id: 'a', method: 'fetch', params: {} });
    send(game.win, { protocol: PROTOCOL, id: 'b', method: 'submitScore', params: { score: 1, userId: 5 } });
    await settle();
    expect(h.submitScore).not.toHaveBeenCalled();
    expect(game.answers).toEqual([
      {
        protocol: PROTOCOL,
        id: 'a',
        ok: false,
        error: { kind: 'invalid', message: 'Petición no válida: method' },
      },
      {
        protocol: PROTOCOL,
        id: 'b',
        ok: false,
        error: { kind: 'invalid', message: 'Petición no válida: userId' },
      },
    ]);
  });

  it('passes a handler’s refusal through with its kind; anything else is a server error', async () => {
    const game = frame();
    const h = handlers({
      submitScore: async () => {
        throw new BridgeError('forbidden', 'Puntuación fuera de rango');
      },
      keepAlive: async () => {
        throw new Error('');
      },
    });
    stops.push(startBridge({ frame: () => game.win, handlers: h, texts }));
    send(game.win, { protocol: PROTOCOL, id: 'a', method: 'submitScore', params: { score: 1e9 } });
    send(game.win, { protocol: PROTOCOL, id: 'b', method: 'keepAlive', params: {} });
    await settle();
    expect(game.answers.map((a) => (a.ok ? a : a.error))).toEqual([
      { kind: 'forbidden', message: 'Puntuación fuera de rango' },
      { kind: 'server', message: 'Falló' },
    ]);
  });

  it('throttles a flood: past the burst nothing runs, and refusals stop being answered', async () => {
    const game = frame();
    const h = handlers();
    let refused = 0;
    const t = 0;
    const limits = { burst: 5, perSecond: 1, concurrent: 2, queue: 100 };
    stops.push(
      startBridge({
        frame: () => game.win,
        handlers: h,
        texts,
        limits,
        now: () => t,
        onRefused: () => refused++,
      }),
    );
    for (let i = 0; i < 200; i++)
      send(game.win, { protocol: PROTOCOL, id: `f${i}`, method: 'submitScore', params: { score: i } });
    await settle();
    expect(h.submitScore).toHaveBeenCalledTimes(5);
    expect(refused).toBe(195);
    const limited = game.answers.filter((a) => !a.ok);
    // Five refusals answered (the answer budget), the other 190 dropped.
    expect(limited).toHaveLength(5);
    expect(limited[0]).toMatchObject({ error: { kind: 'rate_limited', message: 'Demasiadas peticiones' } });
  });

  it('runs at most `concurrent` calls at once', async () => {
    const game = frame();
    let running = 0;
    let peak = 0;
    const h = handlers({
      submitScore: async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return { best: 1 };
      },
    });
    stops.push(
      startBridge({
        frame: () => game.win,
        handlers: h,
        texts,
        limits: { burst: 10, perSecond: 1, concurrent: 2, queue: 10 },
      }),
    );
    for (let i = 0; i < 6; i++)
      send(game.win, { protocol: PROTOCOL, id: `c${i}`, method: 'submitScore', params: { score: i } });
    await vi.waitFor(() => expect(game.answers.filter((a) => a.ok)).toHaveLength(6), { timeout: 5000 });
    expect(peak).toBe(2);
  });
});
