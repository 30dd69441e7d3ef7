import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGameClient, GameSdkError } from './client';
import { PROTOCOL, RECONNECTED_EVENT, type RequestMessage, validateRequest } from './protocol';

/** A host that answers through `answer`, seen from the game's side. */
function fakeHost(answer: (request: RequestMessage) => unknown) {
  const source = new EventTarget();
  const sent: unknown[] = [];
  const target = {
    postMessage(message: unknown) {
      sent.push(message);
      const request = message as RequestMessage;
      const reply = answer(request);
      if (reply !== undefined)
        queueMicrotask(() => source.dispatchEvent(new MessageEvent('message', { data: reply })));
    },
  };
  return { transport: { target, source } as never, sent };
}

afterEach(() => vi.useRealTimers());

describe('the game client', () => {
  it('calls the game’s own server calls through the host, and hears its live events by name', async () => {
    const { transport, sent } = fakeHost((r) => ({
      protocol: PROTOCOL,
      id: r.id,
      ok: true,
      result: { ok: 1 },
    }));
    const sdk = createGameClient({ transport });
    expect(await sdk.call('exampleTap', { at: 5 })).toEqual({ ok: 1 });
    expect(sent[0]).toMatchObject({ method: 'callGame', params: { name: 'exampleTap', params: { at: 5 } } });
    const heard: unknown[] = [];
    const stop = sdk.on('move', (data) => heard.push(data));
    sdk.on(RECONNECTED_EVENT, () => heard.push('again'));
    const send = (data: unknown) =>
      (transport as { source: EventTarget }).source.dispatchEvent(new MessageEvent('message', { data }));
    send({ protocol: PROTOCOL, event: 'move', data: { column: 3 } });
    send({ protocol: PROTOCOL, event: 'other', data: 1 });
    send({ protocol: 'someone-else', event: 'move', data: 'no' });
    send({ protocol: PROTOCOL, event: RECONNECTED_EVENT, data: null });
    stop();
    send({ protocol: PROTOCOL, event: 'move', data: { column: 4 } });
    expect(heard).toEqual([{ column: 3 }, 'again']);
  });

  it('resolves each call with the answer carrying its own id, whatever the order', async () => {
    const { transport, sent } = fakeHost((r) =>
      r.method === 'submitScore'
        ? { protocol: PROTOCOL, id: r.id, ok: true, result: { best: 42, rank: 2 } }
        : { protocol: PROTOCOL, id: r.id, ok: true, result: { userId: 7, name: 'Ana', locale: 'en' } },
    );
    const sdk = createGameClient({ transport });
    const [score, player] = await Promise.all([sdk.submitScore(42), sdk.getPlayer()]);
    expect(score).toEqual({ best: 42, rank: 2 });
    expect(player).toEqual({ userId: 7, name: 'Ana', locale: 'en' });
    expect(sent[0]).toMatchObject({ protocol: PROTOCOL, method: 'submitScore', params: { score: 42 } });
    const ids = sent.map((m) => (m as RequestMessage).id);
    expect(new Set(ids).size).toBe(2);
  });

  it('rejects with the host’s kind and words', async () => {
    const { transport } = fakeHost((r) => ({
      protocol: PROTOCOL,
      id: r.id,
      ok: false,
      error: { kind: 'forbidden', message: 'Ya alcanzaste el límite diario' },
    }));
    const error = await createGameClient({ transport })
      .grantReward(10, 'nivel', 'nivel-10:k1')
      .catch((e) => e);
    expect(error).toBeInstanceOf(GameSdkError);
    expect(error).toMatchObject({ kind: 'forbidden', message: 'Ya alcanzaste el límite diario' });
  });

  it('times out when the host never answers, and ignores strangers’ messages', async () => {
    vi.useFakeTimers();
    const { transport } = fakeHost(() => ({ protocol: 'other', id: 'x', ok: true, result: 1 }));
    const call = createGameClient({ transport, timeoutMs: 500 })
      .keepAlive()
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(501);
    expect(await call).toMatchObject({ kind: 'timeout' });
  });
});

describe('request validation (the host’s first check)', () => {
  const req = (method: string, params?: unknown, id: unknown = 'a1') => ({
    protocol: PROTOCOL,
    id,
    method,
    params,
  });

  it('accepts each method with good arguments', () => {
    for (const [method, params] of [
      ['getPlayer', {}],
      ['getFriends', { playing: true }],
      ['submitScore', { score: 12.5 }],
      ['getLeaderboard', { scope: 'weekly' }],
      ['setPresence', { gameStatus: 'Nivel 3', gameStatusUrl: 'level=3' }],
      ['postFeedEvent', { type: 202, text: 'Jugando' }],
      ['grantReward', { amount: 5, reason: 'nivel', key: 'nivel-3:a' }],
      ['inviteFriend', { userId: 9, message: '¡Juega!' }],
    ] as const)
      expect(validateRequest(req(method, params))).toMatchObject({ ok: true, request: { method, params } });
  });

  it('names what is wrong: unknown method, unknown or bad argument, bad id', () => {
    expect(validateRequest(req('eval', {}))).toEqual({ ok: false, id: 'a1', reason: 'method' });
    expect(validateRequest(req('toString', {}))).toEqual({ ok: false, id: 'a1', reason: 'method' });
    expect(validateRequest(req('submitScore', { score: 'NaN' }))).toMatchObject({ reason: 'score' });
    expect(validateRequest(req('submitScore', { score: Number.POSITIVE_INFINITY }))).toMatchObject({
      reason: 'score',
    });
    expect(validateRequest(req('submitScore', { score: 1, userId: 2 }))).toMatchObject({ reason: 'userId' });
    expect(validateRequest(req('getLeaderboard', { scope: 'all' }))).toMatchObject({ reason: 'scope' });
    expect(validateRequest(req('postFeedEvent', { type: 27, text: 'x' }))).toMatchObject({ reason: 'type' });
    expect(validateRequest(req('postFeedEvent', { type: 100 }))).toMatchObject({ reason: 'text' });
    expect(validateRequest(req('grantReward', { amount: 5, reason: 'x', key: 'short' }))).toMatchObject({
      reason: 'key',
    });
    expect(validateRequest(req('grantReward', { amount: 5, reason: 'x', key: 'bad key!' }))).toMatchObject({
      reason: 'key',
    });
    expect(validateRequest(req('grantReward', { amount: -5, reason: 'x', key: 'k' }))).toMatchObject({
      reason: 'amount',
    });
    expect(validateRequest(req('grantReward', { amount: 5, reason: ' ', key: 'k' }))).toMatchObject({
      reason: 'reason',
    });
    expect(validateRequest(req('openIm', { userId: 0 }))).toMatchObject({ reason: 'userId' });
    expect(validateRequest(req('setPresence', { gameStatus: 'x'.repeat(141) }))).toMatchObject({
      reason: 'gameStatus',
    });
    expect(validateRequest(req('getPlayer', {}, 'x'.repeat(65)))).toEqual({ ok: false, reason: 'id' });
    expect(validateRequest(req('getPlayer', [], 'a'))).toMatchObject({ reason: 'params' });
  });

  it('checks a game’s own call: a plain name and small JSON params', () => {
    expect(validateRequest(req('callGame', { name: 'exampleTap', params: { at: 1 } }))).toMatchObject({
      ok: true,
    });
    expect(validateRequest(req('callGame', { name: 'exampleTap' }))).toMatchObject({ ok: true });
    for (const name of ['', 'Example', '../submitScore', 'a/b', 'x'.repeat(65), 7])
      expect(validateRequest(req('callGame', { name }))).toMatchObject({ reason: 'name' });
    expect(validateRequest(req('callGame', { name: 'exampleTap', params: [1] }))).toMatchObject({
      reason: 'params',
    });
    expect(
      validateRequest(req('callGame', { name: 'exampleTap', params: { blob: 'x'.repeat(9000) } })),
    ).toMatchObject({ reason: 'params' });
  });

  it('ignores what is not ours', () => {
    for (const data of [null, 'hola', 42, { protocol: 'x' }, { type: 'webpackOk' }])
      expect(validateRequest(data)).toEqual({ ok: false, ignore: true });
  });
});
