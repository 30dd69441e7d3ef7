import { randomUUID } from 'node:crypto';
import { PushClose, type PushEvent } from '@tertulia/contract';
import type { WebSocket } from 'ws';
import type { Bus } from './bus';
import type { OnlineSource, Presence } from './presence';

interface Connection {
  id: string;
  userId: number;
  socket: WebSocket;
  source: OnlineSource;
  alive: boolean;
  /** The hash of the session that opened the socket: ending that session closes it. */
  sessionHash?: string;
}

export const HEARTBEAT_INTERVAL_MS = 30_000;
/** How often open sockets' sessions are read again (expired, or ended without a bus message). */
export const SESSION_CHECK_MS = 60_000;

export interface HubOptions {
  /** Of these session hashes, those still live; sockets of the others are closed. */
  liveSessions?: (idHashes: string[]) => Promise<Set<string>>;
  sessionCheckMs?: number;
}

/**
 * Every socket of every member on this instance. Events reach it through the bus, so a
 * publish on any instance arrives at the member's sockets on all of them.
 */
export function createHub(bus: Bus, presence: Presence, options: HubOptions = {}) {
  const byUser = new Map<number, Set<Connection>>();
  const comingOnline: ((userId: number) => Promise<void>)[] = [];
  const socketClosed: ((userId: number) => Promise<void>)[] = [];

  // Encoded to UTF-8 once, not once per socket: a chat line goes to every member of the room.
  const TEXT = { binary: false };

  function deliver(userIds: number[], event: PushEvent) {
    const frame = Buffer.from(JSON.stringify(event));
    for (const userId of userIds) {
      const conns = byUser.get(userId);
      if (!conns) continue;
      for (const conn of conns) {
        if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame, TEXT);
      }
    }
  }

  bus.subscribe((message) => {
    if (message.kind === 'push') deliver(message.userIds, message.event);
    else if (message.kind === 'disconnect') closeSessions(message);
  });

  function closeSessions(message: { userIds: number[]; sessionHashes?: string[]; keep?: string[] }) {
    const keep = new Set(message.keep ?? []);
    for (const userId of message.userIds)
      for (const conn of byUser.get(userId) ?? [])
        if (!conn.sessionHash || !keep.has(conn.sessionHash)) conn.socket.close(PushClose.sessionEnded);
    if (!message.sessionHashes?.length) return;
    const ended = new Set(message.sessionHashes);
    for (const conns of byUser.values())
      for (const conn of conns)
        if (conn.sessionHash && ended.has(conn.sessionHash)) conn.socket.close(PushClose.sessionEnded);
  }

  /** Closes the sockets whose session is no longer live (expired, ended, member banned). */
  async function checkSessions(conns: Connection[]): Promise<void> {
    const tied = conns.filter((c) => c.sessionHash && c.socket.readyState === c.socket.OPEN);
    if (!options.liveSessions || tied.length === 0) return;
    const live = await options.liveSessions([...new Set(tied.map((c) => c.sessionHash!))]);
    for (const conn of tied) if (!live.has(conn.sessionHash!)) conn.socket.close(PushClose.sessionEnded);
  }

  const allConnections = () => [...byUser.values()].flatMap((conns) => [...conns]);
  const sessionCheck = setInterval(() => {
    checkSessions(allConnections()).catch(() => {});
  }, options.sessionCheckMs ?? SESSION_CHECK_MS);
  sessionCheck.unref();

  // Drops sockets that stopped answering pings and keeps presence fresh for those that answer.
  const heartbeat = setInterval(() => {
    for (const conns of byUser.values()) {
      for (const conn of conns) {
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
    }
  }, HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();

  return {
    /** Publish to members, after the transaction that caused it committed. */
    async publish(userIds: number[], event: PushEvent): Promise<void> {
      if (userIds.length) await bus.publish({ kind: 'push', userIds, event });
    },

    /**
     * Close the sockets of members whose sessions ended (bans, deletions, password changes), on
     * every instance; sockets of the `keep` sessions stay (the member's current one).
     */
    async disconnect(userIds: number[], keep: string[] = []): Promise<void> {
      await bus.publish({ kind: 'disconnect', userIds, keep });
    },

    /** Close, on every instance, the sockets tied to these sessions (logout, ending one session). */
    async endSessions(sessionHashes: string[]): Promise<void> {
      if (sessionHashes.length) await bus.publish({ kind: 'disconnect', userIds: [], sessionHashes });
    },

    /** Reads every open socket's session again now (the periodic check; tests call it). */
    checkSessions: () => checkSessions(allConnections()),

    /** Adopt a socket; a member's first socket anywhere tells the coming-online listeners. */
    async add(
      userId: number,
      socket: WebSocket,
      source: OnlineSource,
      sessionHash?: string,
    ): Promise<Connection> {
      const conn: Connection = { id: randomUUID(), userId, socket, source, alive: true, sessionHash };
      const conns = byUser.get(userId) ?? new Set<Connection>();
      byUser.set(userId, conns);
      conns.add(conn);
      const refresh = () => {
        conn.alive = true;
        presence.refresh(userId, conn.id, source).catch(() => {});
      };
      socket.on('pong', refresh);
      socket.on('message', (data) => {
        if (String(data).includes('"ping"')) {
          refresh();
          socket.send('{"type":"pong"}');
        }
      });
      socket.on('close', () => {
        conns.delete(conn);
        if (conns.size === 0) byUser.delete(userId);
        // Listeners run once presence forgot this socket, so they can ask whether any is left.
        presence
          .disconnected(userId, conn.id)
          .catch(() => {})
          .then(() => Promise.all(socketClosed.map((listener) => listener(userId).catch(() => {}))));
      });
      const wasOnline = (await presence.sources([userId])).has(userId);
      await presence.connected(userId, conn.id, source);
      // Awaited, so the notices are on the bus before this socket's first frame: order is testable.
      if (!wasOnline) await Promise.all(comingOnline.map((listener) => listener(userId).catch(() => {})));
      // A logout that committed while this socket was being accepted sent its message too early.
      await checkSessions([conn]);
      return conn;
    },

    /** Called when a member's first socket anywhere opens (features send online notices). */
    onComingOnline(listener: (userId: number) => Promise<void>) {
      comingOnline.push(listener);
    },

    /** Called when one of a member's sockets on this instance closed (live viewers leave: docs/live.md). */
    onSocketClosed(listener: (userId: number) => Promise<void>) {
      socketClosed.push(listener);
    },

    connectionCount(): number {
      let n = 0;
      for (const conns of byUser.values()) n += conns.size;
      return n;
    },

    /** On shutdown: tell every client to reconnect (to another instance, or to us after restart). */
    closeAll(code: number = PushClose.restart) {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      for (const conns of byUser.values()) for (const conn of conns) conn.socket.close(code, 'restart');
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
