import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MemberChange } from '../db/member-change';
import type { SessionCache } from '../http/session-cache';
import type { Bus } from './bus';

/** How long a write waits for the other instances to drop what it changed. */
const ACK_TIMEOUT_MS = 1000;

/**
 * Spreads a member change (db/member-writes.ts) to the session cache of every instance, and
 * resolves once each has dropped it: the write's own request answers only then, so the next
 * request, on whatever instance, reads the new row (a ban ends access at once). In one process
 * (the local bus) there is nobody else to tell.
 *
 * Redis says how many subscribers got the message; each acknowledges after dropping. An
 * instance that doesn't answer within ACK_TIMEOUT_MS is logged and waited for no longer (its
 * entries still go after REVALIDATE_MS, http/session.ts).
 */
export function shareMemberChanges(
  bus: Bus,
  cache: SessionCache,
  log: () => Pick<FastifyBaseLogger, 'warn' | 'error'>,
) {
  const origin = randomUUID();
  let seq = 0;
  const waiting = new Map<number, { acks: number; expected?: number; done: () => void }>();
  const check = (id: number) => {
    const wait = waiting.get(id);
    if (wait && wait.expected !== undefined && wait.acks >= wait.expected) wait.done();
  };

  bus.subscribe((message) => {
    if (message.kind === 'members') {
      cache.drop(message.change);
      if (message.origin && message.seq !== undefined) {
        bus.publish({ kind: 'members-ack', origin: message.origin, seq: message.seq }).catch((error) => {
          log().warn({ err: error }, 'member change not acknowledged');
        });
      }
    } else if (message.kind === 'members-ack' && message.origin === origin) {
      const wait = waiting.get(message.seq);
      if (wait) {
        wait.acks++;
        check(message.seq);
      }
    }
  });

  return (change: MemberChange): Promise<void> | undefined => {
    cache.drop(change);
    // Alone in the process: nothing to wait for (and no promise for the write to await).
    return bus.redis ? spread(change) : undefined;
  };

  async function spread(change: MemberChange): Promise<void> {
    const id = ++seq;
    let timer: NodeJS.Timeout | undefined;
    const acknowledged = new Promise<boolean>((resolve) => {
      waiting.set(id, { acks: 0, done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), ACK_TIMEOUT_MS);
    });
    try {
      const receivers = await bus.publish({ kind: 'members', change, origin, seq: id });
      waiting.get(id)!.expected = receivers ?? 0;
      check(id);
      if (!(await acknowledged)) log().warn({ seq: id }, 'an instance did not drop a member change in time');
    } catch (error) {
      log().error({ err: error }, 'member change not published');
    } finally {
      clearTimeout(timer);
      waiting.delete(id);
    }
  }
}
