import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, PUSH_PATH } from '@tertulia/contract';
import WebSocket, { WebSocketServer } from 'ws';
import { ensureBuiltinGames } from '../../packages/server/src/features/games/builtin-catalogue';
import { CUATRO_GID } from '../../packages/server/src/features/games/modules/cuatro';
import { CLOCK_MS } from '../../packages/server/src/features/games/modules/cuatro-rules';
import { benchApp, benchMembers, closeRelay, fmt, reportBench } from './_shared';

/**
 * Live move latency in Cuatro en raya (docs/cuatro.md): move sent (the HTTP call) → the opponent's
 * push socket has the `match` event, p99, with MATCHES matches playing at once, each side moving
 * THINK_MS after it saw the other's move. The reference (issue #40) is our chat room relay at the
 * same load, in the same run: MATCHES rooms of two, each line sent through chat/sendMessage.do by
 * the side whose turn it is and timed until the other's socket has the `chatEntry` push (HTTP, a
 * commit, the push: what a move costs besides the game's rules). Targets: ≤ 2x that and ≤ 100 ms.
 * A bare `ws` relay between the same pairs is printed beside it, for scale. Clients run in this
 * process for every side, alike. Prints; asserts nothing.
 */
const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 500);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const WARMUP_MS = 1500;
// A full board without four in a row: 42 moves, so no match ends inside a run.
const DRAWN = [
  0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2, 4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5, 4,
  6, 6, 6, 6, 6, 6,
];

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? Number.NaN;
};

function open(url: string, cookie?: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers: cookie ? { cookie } : {} });
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve(ws)); // the greeting
    ws.once('error', reject);
  });
}

/** Plays the pairs: `send(pair, side, n)` makes move n; `onSeen` is called when the other side has it. */
async function run(
  pairs: number,
  send: (pair: number, n: number) => Promise<void>,
  hook: (seen: (pair: number, n: number) => void) => void,
) {
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  let measuring = false;
  let stop = false;
  const next = (pair: number, n: number) => {
    if (stop || n >= DRAWN.length) return;
    setTimeout(
      () => {
        sentAt.set(`${pair}:${n}`, performance.now());
        send(pair, n).catch(() => {});
      },
      THINK_MS * (0.5 + Math.random()),
    );
  };
  hook((pair, n) => {
    const t = sentAt.get(`${pair}:${n}`);
    if (t !== undefined && measuring) latencies.push(performance.now() - t);
    next(pair, n + 1);
  });
  for (let i = 0; i < pairs; i++) next(i, 0);
  await sleep(WARMUP_MS);
  measuring = true;
  await sleep(DURATION_MS);
  stop = true;
  await sleep(THINK_MS * 2);
  return latencies;
}

async function reference(): Promise<number[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const peers = new Map<WebSocket, WebSocket>();
  const waiting: WebSocket[] = [];
  wss.on('connection', (ws) => {
    ws.send('{"type":"hello"}');
    const other = waiting.shift();
    if (other) {
      peers.set(ws, other);
      peers.set(other, ws);
    } else waiting.push(ws);
    ws.on('message', (data) =>
      peers.get(ws)?.send(JSON.stringify({ type: 'gameEvent', data: JSON.parse(String(data)) })),
    );
  });
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`;
  const sockets: WebSocket[][] = [];
  for (let i = 0; i < MATCHES; i++) sockets.push([await open(url), await open(url)]);
  const latencies = await run(
    MATCHES,
    async (pair, n) => sockets[pair][n % 2].send(JSON.stringify({ pair, n, column: DRAWN[n] })),
    (seen) => {
      for (const [a, b] of sockets)
        for (const ws of [a, b])
          ws.on('message', (data) => {
            const { data: move } = JSON.parse(String(data));
            seen(move.pair, move.n);
          });
    },
  );
  for (const pair of sockets) for (const ws of pair) ws.terminate();
  await closeRelay(wss);
  return latencies;
}

/** Our chat room relay at the same load: a room per pair, each move a line through sendMessage.do. */
async function chatRelay(): Promise<number[]> {
  const { app, deps, close } = await benchApp();
  // A player moves about once a second; the chat's flood limit (10 lines in 10 s a member) would
  // refuse some lines, and the reference must carry every move. Still counted, never refused.
  const hit = deps.limiter.hit.bind(deps.limiter);
  deps.limiter.hit = (key, limit, windowMs) =>
    hit(key, key.startsWith('chat:send:') ? Number.MAX_SAFE_INTEGER : limit, windowMs);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { ids, cookies } = await benchMembers(deps.db, MATCHES * 2, `sala${Date.now() % 100000}`);
  const now = Date.now();
  const roomIds: number[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const room = await deps.db
      .insertInto('chat_rooms')
      .values({
        name: `bench-${i}`,
        display_name: `Bench ${i}`,
        category: 'Bench',
        room_type: 2,
        max_users: 2,
        owner_id: null,
        locale: 'es',
        country: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.db
      .insertInto('chat_room_members')
      .values([ids[2 * i], ids[2 * i + 1]].map((id) => ({ room_id: room.id, user_id: id, entered_at: now })))
      .execute();
    roomIds.push(room.id);
  }
  const pushUrl = `${base.replace(/^http/, 'ws')}${PUSH_PATH}`;
  const sockets: WebSocket[] = [];
  for (const cookie of cookies) sockets.push(await open(pushUrl, cookie));
  const latencies = await run(
    MATCHES,
    async (pair, n) => {
      const who = 2 * pair + (n % 2);
      const res = await fetch(`${base}${api.chat.sendMessage.path}`, {
        method: 'POST',
        headers: { cookie: cookies[who], 'content-type': 'application/json' },
        body: JSON.stringify({ roomId: roomIds[pair], message: `cuatro:${pair}:${n}:${DRAWN[n]}` }),
      });
      if (res.status !== 200) console.error(`line ${pair}:${n} -> ${res.status} ${await res.text()}`);
    },
    (seen) => {
      sockets.forEach((ws, i) => {
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data));
          if (frame.type !== 'chatEntry') return;
          const [, pair, n] = String(frame.entry?.message ?? '')
            .split(':')
            .map(Number);
          // The other side's line (every member of the room gets it, the sender too).
          if (pair === i >> 1 && n % 2 !== i % 2) seen(pair, n);
        });
      });
    },
  );
  for (const ws of sockets) ws.terminate();
  await close();
  return latencies;
}

async function ours(): Promise<number[]> {
  const { app, deps, close } = await benchApp();
  await ensureBuiltinGames(deps.db);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { ids, cookies } = await benchMembers(deps.db, MATCHES * 2, `cuatro${Date.now() % 100000}`);
  const now = Date.now();
  const matchIds: number[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const [row] = await deps.db
      .insertInto('cuatro_matches')
      .values({
        game_id: CUATRO_GID,
        red_id: ids[2 * i],
        yellow_id: ids[2 * i + 1],
        inviter_id: ids[2 * i],
        status: 'playing',
        clock_ms: CLOCK_MS * 100, // a benchmark's think time must not flag anyone
        increment_ms: 0,
        red_ms: CLOCK_MS * 100,
        yellow_ms: CLOCK_MS * 100,
        turn_started_at: now,
        rematch_of: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .execute();
    matchIds.push(row.id);
  }
  const tokens: string[] = [];
  for (const cookie of cookies) {
    const res = await fetch(`${base}${api.game.getOAuthToken.path}?gid=${CUATRO_GID}`, {
      headers: { cookie },
    });
    tokens.push(((await res.json()) as { GameToken: { token: string }[] }).GameToken[0].token);
  }
  const pushUrl = `${base.replace(/^http/, 'ws')}${PUSH_PATH}`;
  const sockets: WebSocket[] = [];
  for (const cookie of cookies) sockets.push(await open(pushUrl, cookie));
  const latencies = await run(
    MATCHES,
    async (pair, n) => {
      const who = 2 * pair + (n % 2);
      const res = await fetch(`${base}${api.game.cuatroMove.path}`, {
        method: 'POST',
        headers: { cookie: cookies[who], 'content-type': 'application/json' },
        body: JSON.stringify({
          gameId: CUATRO_GID,
          matchId: matchIds[pair],
          column: DRAWN[n],
          version: n,
          token: tokens[who],
        }),
      });
      if (res.status !== 200) console.error(`move ${pair}:${n} -> ${res.status} ${await res.text()}`);
    },
    (seen) => {
      sockets.forEach((ws, i) => {
        const pair = i >> 1;
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data));
          // The opponent's copy: the move made by the other side of this pair.
          if (
            frame.type === 'gameEvent' &&
            frame.name === 'match' &&
            (frame.data.moves.length - 1) % 2 !== i % 2
          )
            seen(pair, frame.data.moves.length - 1);
        });
      });
    },
  );
  for (const ws of sockets) ws.terminate();
  await close();
  return latencies;
}

const ws = await reference();
const chat = await chatRelay();
const mine = await ours();
const [w, c, o] = [p99(ws), p99(chat), p99(mine)];
console.log(`Cuatro en raya: ${MATCHES} matches at once, a move every ~${THINK_MS} ms per match`);
console.log(`  bare ws relay between the same pairs:       ${ws.length} moves, p99 ${fmt(w, 1)} ms`);
console.log(`  reference (our chat room relay, same load): ${chat.length} lines, p99 ${fmt(c, 1)} ms`);
console.log(`  ours (HTTP move → opponent's push):         ${mine.length} moves, p99 ${fmt(o, 1)} ms`);
console.log(
  `  ratio ${fmt(o / c, 2)}x the chat room relay (target ≤ 2x) · p99 ${fmt(o, 1)} ms (target ≤ 100 ms) · ${fmt(o / w, 1)}x the bare ws relay`,
);
reportBench([
  {
    figure: 'move p99 / chat room relay p99',
    value: o,
    reference: c,
    unit: 'ms',
    ratio: o / c,
    target: { op: '<=', value: 2 },
  },
  {
    figure: 'move p99 / 100 ms bound',
    value: o,
    reference: 100,
    unit: 'ms',
    ratio: o / 100,
    target: { op: '<=', value: 1 },
  },
]);
process.exit(0);
