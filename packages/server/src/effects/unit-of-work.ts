import type { PushEvent } from '@tertulia/contract';
import type { Kysely, Transaction } from 'kysely';
import { inGroupCommit } from '../db/group-commit';
import type { Database } from '../db/schema';
import type { Mail } from '../mail/mailer';
import type { PushNotice } from '../push/web-push';
import type { Outbox, OutboxItem } from './outbox';

/**
 * What a write's effects are collected on (docs/architecture.md, "Effects after commit"). Nothing
 * here acts at once: socket pushes and other work are released once the transaction committed and
 * dropped if it rolled back; mail and Web Push become outbox rows of the same transaction.
 */
export interface AfterCommit {
  /**
   * A socket push (push/effects.ts), after commit: to these members, or to those a read after
   * commit finds (the listeners of a room: on SQLite a read inside the transaction would wait).
   */
  publish(userIds: Recipients, event: PushEvent): void;
  /** A Web Push notice for members' devices, through the durable outbox. */
  notify(userIds: number[], notice: PushNotice): void;
  /** A mail, through the durable outbox. */
  mail(mail: Mail): void;
  /** Anything else to do after commit (a read, then pushes). Awaited before the caller resumes; never throws. */
  run(work: () => Promise<unknown> | unknown): void;
}

/** The pieces a collector releases to (app.ts wires them). */
export interface EffectSinks {
  /** `noticed`: the event's Web Push is already in the outbox, so the dispatcher does not send it again. */
  effects: { publish(userIds: number[], event: PushEvent, options?: { noticed?: boolean }): void };
  /**
   * The Web Push notice a socket event deserves for members without a socket (a message, a
   * friend request, a gift...), or undefined: such notices go through the outbox with the write.
   */
  noticeFor?: (event: PushEvent) => PushNotice | undefined;
  outbox: Pick<Outbox, 'write' | 'kick'>;
  log?: { warn(obj: object, msg: string): void };
}

export type Recipients = number[] | (() => Promise<number[]>);
type Step = { push: [Recipients, PushEvent]; noticed?: boolean } | { run: () => Promise<unknown> | unknown };

/** One transaction's collected effects: persisted in it, released after its commit. */
export class Collected implements AfterCommit {
  private steps: Step[] = [];
  private durable: OutboxItem[] = [];

  publish(userIds: Recipients, event: PushEvent) {
    if (typeof userIds === 'function' || userIds.length) this.steps.push({ push: [userIds, event] });
  }
  notify(userIds: number[], notice: PushNotice) {
    if (userIds.length) this.durable.push({ kind: 'webPush', userIds, notice });
  }
  mail(mail: Mail) {
    this.durable.push({ kind: 'mail', mail });
  }
  run(work: () => Promise<unknown> | unknown) {
    this.steps.push({ run: work });
  }

  /**
   * Inside the transaction, last: the outbox rows commit with the write. A push to known members
   * whose event deserves a Web Push notice puts that notice in the outbox too, so it survives a
   * crash or an outage of the push service like any mail (recipients read after commit, the
   * listeners of a room, are left to the dispatcher's own Web Push).
   */
  persist(trx: Kysely<Database>, sinks: EffectSinks): Promise<void> {
    for (const step of this.steps) {
      if (!('push' in step) || typeof step.push[0] === 'function' || !sinks.noticeFor) continue;
      const notice = sinks.noticeFor(step.push[1]);
      if (!notice) continue;
      step.noticed = true;
      // Nobody is told of their own doing (the sender's other tabs get the socket push only).
      const userIds = step.push[0].filter((id) => id !== notice.fromId);
      if (userIds.length) this.durable.push({ kind: 'webPush', userIds, notice });
    }
    return this.durable.length ? sinks.outbox.write(trx, this.durable) : Promise.resolve();
  }

  /** After commit, in the order collected. Never throws: the write is already committed. */
  async release(sinks: EffectSinks): Promise<void> {
    if (this.durable.length) sinks.outbox.kick();
    for (const step of this.steps) {
      try {
        if (!('push' in step)) await step.run();
        else {
          const [to, event] = step.push;
          sinks.effects.publish(typeof to === 'function' ? await to() : to, event, { noticed: step.noticed });
        }
      } catch (error) {
        sinks.log?.warn({ error: String(error) }, 'an effect after commit failed');
      }
    }
  }
}

export type UnitWork<T> = (trx: Transaction<Database>, after: AfterCommit) => Promise<T>;

/**
 * The one way a write with effects runs: `unitOfWork(async (trx, after) => ...)`. `grouped` is the
 * same through the group commit (db/group-commit.ts), for the hot writes (messages, transfers).
 */
export function createUnitOfWork(db: Kysely<Database>, sinks: EffectSinks) {
  /** Wraps a unit's work for a transaction runner: the collector is new on every (re)run. */
  function wrap<T>(work: UnitWork<T>) {
    return async (trx: Transaction<Database>) => {
      const after = new Collected();
      const value = await work(trx, after);
      await after.persist(trx, sinks);
      return { value, after };
    };
  }
  const release = <T>(done: { value: T; after: Collected }) => done.after.release(sinks);

  async function unitOfWork<T>(work: UnitWork<T>): Promise<T> {
    const done = await db.transaction().execute(wrap(work));
    await release(done);
    return done.value;
  }
  /** Through the group commit: every effect of a batch is released before any caller resumes. */
  unitOfWork.grouped = async <T>(work: UnitWork<T>): Promise<T> =>
    (await inGroupCommit(db, wrap(work), release)).value;
  /** For a runner of its own (the ledger): the wrapped work and what to do once it committed. */
  unitOfWork.wrap = wrap;
  unitOfWork.release = release;
  return unitOfWork;
}
export type UnitOfWork = ReturnType<typeof createUnitOfWork>;
