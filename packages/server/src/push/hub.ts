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
}

export const HEARTBEAT_INTERVAL_MS = 30_000;

/**
 * Every socket of every member on this instance. Events reach it through the bus, so a
 * publish on any instance arrives at the member's sockets on all of them.
 */
export function createHub(bus: Bus, presence: Presence) {
  const byUser = new Map<number, Set<Connection>>();
  const comingOnline: ((userId: number) => Promise<void>)[] = [];

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
    else if (message.kind === 'disconnect')
      for (const userId of message.userIds) closeUser(userId, PushClose.sessionEnded);
  });

  function closeUser(userId: number, code: number) {
    for (const conn of byUser.get(userId) ?? []) conn.socket.close(code);
  }

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

    /** Close the sockets of members whose sessions ended (logout everywhere, bans). */
    async disconnect(userIds: number[]): Promise<void> {
      await bus.publish({ kind: 'disconnect', userIds });
    },

    /** Adopt a socket; a member's first socket anywhere tells the coming-online listeners. */
    async add(userId: number, socket: WebSocket, source: OnlineSource): Promise<Connection> {
      const conn: Connection = { id: randomUUID(), userId, socket, source, alive: true };
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
        presence.disconnected(userId, conn.id).catch(() => {});
      });
      const wasOnline = (await presence.sources([userId])).has(userId);
      await presence.connected(userId, conn.id, source);
      // Awaited, so the notices are on the bus before this socket's first frame: order is testable.
      if (!wasOnline) await Promise.all(comingOnline.map((listener) => listener(userId).catch(() => {})));
      return conn;
    },

    /** Called when a member's first socket anywhere opens (features send online notices). */
    onComingOnline(listener: (userId: number) => Promise<void>) {
      comingOnline.push(listener);
    },

    connectionCount(): number {
      let n = 0;
      for (const conns of byUser.values()) n += conns.size;
      return n;
    },

    /** On shutdown: tell every client to reconnect (to another instance, or to us after restart). */
    closeAll(code: number = PushClose.restart) {
      clearInterval(heartbeat);
      for (const conns of byUser.values()) for (const conn of conns) conn.socket.close(code, 'restart');
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
