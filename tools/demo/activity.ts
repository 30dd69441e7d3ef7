import {
  api,
  type ChatRoom,
  type Conversation,
  type Endpoint,
  type FriendRequest,
  PUSH_PATH,
} from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { ACTIVITY_ROOMS, CHAT_LINES, GREETINGS, STATUS_LINES } from './activity-lines';
import { AWAY_LINES, writeToAwayFriend } from './push';
import { DEMO_PASSWORD } from './seed';

/**
 * Demo members who look alive while `npm run demo` runs: they connect a real push socket (so they
 * are online), come and go, chat in a few public rooms, post statuses, accept friend requests and
 * answer a first IM. Everything goes through the member API with their own session.
 * Only tools/demo/run.ts starts it; the server itself never does.
 */
export interface DemoActivityOptions {
  app: FastifyInstance;
  /** The listening server, for the push sockets (http://host:port). */
  baseUrl: string;
  /** Demo members the activity plays; members not listed are left to people trying the demo. */
  members: string[];
  /** How many of them are online at once (they take turns). */
  online?: number;
  /** Pause between two actions: a random time between these (ms). */
  minPauseMs?: number;
  maxPauseMs?: number;
  /** Pause before answering a request or an IM (ms), so it reads like a person. */
  replyDelayMs?: number;
  /**
   * Pause between two statuses, apart from the other actions (ms): a visitor watching the public
   * pages for a minute or two sees one (docs/demo.md).
   */
  minStatusPauseMs?: number;
  maxStatusPauseMs?: number;
  random?: () => number;
  log?: (line: string) => void;
}

export interface DemoActivity {
  stop(): Promise<void>;
}

type Result = { status: number; body: Record<string, unknown> };

class Bot {
  cookie = '';
  uid = 0;
  socket?: WebSocket;
  room?: number;
  private busy = new Set<string>();

  constructor(
    readonly name: string,
    private readonly o: Required<Omit<DemoActivityOptions, 'log'>> & Pick<DemoActivityOptions, 'log'>,
    private readonly bots: Set<string>,
    private readonly later: (fn: () => Promise<void>, ms: number) => void,
  ) {}

  get online() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  async call<E extends Endpoint>(endpoint: E, params: Record<string, unknown> = {}): Promise<Result> {
    const isGet = endpoint.method === 'GET';
    const res = await this.o.app.inject({
      method: endpoint.method,
      url: endpoint.path,
      query: isGet ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) : undefined,
      payload: isGet ? undefined : params,
      headers: { cookie: this.cookie },
    });
    return { status: res.statusCode, body: res.json() };
  }

  async list<T>(endpoint: Endpoint, params: Record<string, unknown> = {}): Promise<T[]> {
    const res = await this.call(endpoint, params);
    if (res.status !== 200) throw new Error(`${this.name} ${endpoint.path}: ${res.status}`);
    return (res.body[endpoint.result.name] as T[]) ?? [];
  }

  async login() {
    const res = await this.o.app.inject({
      method: 'POST',
      url: api.profile.login.path,
      payload: { name: this.name, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`demo login ${this.name}: ${res.statusCode}`);
    this.cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    this.uid = res.json().User[0].uid;
  }

  /** Opens the push socket (now online), catches up on what came while away, enters a room. */
  async connect(roomId: number | undefined) {
    if (!this.cookie) await this.login();
    const url = new URL(PUSH_PATH, this.o.baseUrl.replace(/^http/, 'ws')).toString();
    const ws = new WebSocket(url, { headers: { cookie: this.cookie } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    }).catch((err) => {
      this.cookie = ''; // an ended session: log in again next time
      throw err;
    });
    ws.on('error', () => {});
    ws.on('message', (data) => this.onFrame(String(data)));
    this.socket = ws;
    await this.acceptRequests();
    await this.greetNewConversations();
    if (roomId) await this.enter(roomId);
  }

  async disconnect() {
    if (this.room) await this.call(api.chat.leaveRoom, { roomId: this.room }).catch(() => {});
    this.room = undefined;
    const ws = this.socket;
    this.socket = undefined;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.close();
      setTimeout(resolve, 1000).unref();
    });
  }

  async enter(roomId: number) {
    if (this.room === roomId) return;
    if (this.room) await this.call(api.chat.leaveRoom, { roomId: this.room });
    const res = await this.call(api.chat.enterRoom, { roomId });
    this.room = res.status === 200 ? roomId : undefined;
  }

  async say(line: string) {
    if (!this.room) return;
    await this.call(api.chat.sendMessage, { roomId: this.room, message: line });
  }

  async postStatus(text: string) {
    await this.call(api.user.updateStatus, { newStatus: text });
  }

  private onFrame(raw: string) {
    let frame: { type?: string; category?: number; conversationType?: number };
    try {
      frame = JSON.parse(raw);
    } catch {
      return;
    }
    if (frame.type === 'offlineMessage' && frame.category === 3)
      this.once('requests', () => this.acceptRequests());
    if (frame.type === 'message' && frame.conversationType === 1)
      this.once('greet', () => this.greetNewConversations());
  }

  /** Runs a catch-up after the reply delay, once even when several frames ask for it. */
  private once(key: string, fn: () => Promise<void>) {
    if (this.busy.has(key)) return;
    this.busy.add(key);
    this.later(async () => {
      this.busy.delete(key);
      if (this.online) await fn();
    }, this.o.replyDelayMs);
  }

  /** Friend requests from people trying the demo are accepted; those among played members wait. */
  async acceptRequests() {
    const requests = await this.list<FriendRequest>(api.buddy.getFriendshipRequests);
    for (const r of requests) {
      if (this.bots.has(r.sender.name ?? '')) continue;
      await this.call(api.buddy.acceptFriendshipRequest, { offlineMessageId: r.offlineMessageId });
      this.o.log?.(`${this.name} accepted ${r.sender.name}'s friend request`);
    }
  }

  /** IMs someone started and this member never answered get a short greeting. */
  async greetNewConversations() {
    const conversations = await this.list<Conversation>(api.messaging.getUserConversations, {
      type: 1,
      maxMessages: 20,
    });
    for (const c of conversations) {
      const messages = c.messages ?? [];
      const mine = messages.some((m) => m.sender?.uid === this.uid);
      // Only people trying the demo get a greeting, not the seeded talk among demo members.
      const fromVisitor = messages.some((m) => m.sender && !this.bots.has(m.sender.name ?? ''));
      if (mine || !fromVisitor || messages.length >= 20) continue;
      const greeting = GREETINGS[Math.floor(this.o.random() * GREETINGS.length)];
      await this.call(api.messaging.send, {
        conversationId: c.conversationId,
        ownerId: c.ownerId,
        type: 1,
        message: greeting,
      });
      this.o.log?.(`${this.name} greeted a new conversation`);
    }
  }
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];

/** Starts the demo members' activity; stop() closes their sockets and ends every timer. */
export async function startDemoActivity(options: DemoActivityOptions): Promise<DemoActivity> {
  const o = {
    online: 3,
    minPauseMs: 10_000,
    maxPauseMs: 40_000,
    replyDelayMs: 4_000,
    minStatusPauseMs: 40_000,
    maxStatusPauseMs: 80_000,
    random: Math.random,
    ...options,
  };
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const run = (fn: () => Promise<void>) => {
    if (stopped) return;
    const p = fn()
      .catch((err) => o.log?.(`demo activity: ${(err as Error).message}`))
      .finally(() => running.delete(p));
    running.add(p);
  };
  const later = (fn: () => Promise<void>, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run(fn);
    }, ms);
    timers.add(timer);
  };

  const names = new Set(o.members);
  const bots = o.members.map((name) => new Bot(name, o, names, later));
  const first = bots[0];
  await first.login();
  const rooms = (await first.list<ChatRoom>(api.chat.getRooms, { locale: 'es' }))
    .filter((r) => ACTIVITY_ROOMS.includes(r.name ?? ''))
    .map((r) => r.id);
  const someRoom = () => (rooms.length ? pick(rooms, o.random) : undefined);

  for (const bot of bots.slice(0, o.online)) await bot.connect(someRoom());

  /** One gentle action: mostly chat, sometimes someone leaves and another comes (statuses: below). */
  async function act() {
    const online = bots.filter((b) => b.online);
    const offline = bots.filter((b) => !b.online);
    const roll = o.random();
    if (online.length < o.online && offline.length) {
      await pick(offline, o.random).connect(someRoom());
    } else if (roll < 0.15 && online.length && offline.length) {
      await pick(online, o.random).disconnect();
      await pick(offline, o.random).connect(someRoom());
    } else if (roll < 0.32 && online.length) {
      const room = someRoom();
      if (room) await pick(online, o.random).enter(room);
    } else if (roll < 0.38 && online.length) {
      // Friends who are away hear of it on their devices (Web Push, docs/web-push.md).
      const bot = pick(online, o.random);
      const to = await writeToAwayFriend(bot, names, pick(AWAY_LINES, o.random));
      if (to) o.log?.(`${bot.name} wrote to ${to}, who is away`);
    } else if (roll < 0.4 && online.length) {
      // A short broadcast: friends are told (at most once in half an hour, server rule).
      const bot = pick(online, o.random);
      await bot.call(api.live.startBroadcast);
      later(async () => void (await bot.call(api.live.endBroadcast)), o.maxPauseMs * 4);
    } else if (online.length) {
      await pick(online, o.random).say(pick(CHAT_LINES, o.random));
    }
  }

  /** Runs `turn` again and again, a random pause between `min` and `max` ms before each. */
  const loop = (min: number, max: number, turn: () => Promise<void>) => {
    const next = (): void => later(() => turn().finally(next), min + o.random() * (max - min));
    next();
  };
  loop(o.minPauseMs, o.maxPauseMs, act);
  // Statuses on their own clock, so their cadence does not hang on the dice of act().
  loop(o.minStatusPauseMs, o.maxStatusPauseMs, async () => {
    const online = bots.filter((b) => b.online);
    if (online.length) await pick(online, o.random).postStatus(pick(STATUS_LINES, o.random));
  });

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      await Promise.allSettled(bots.map((b) => b.disconnect()));
    },
  };
}
