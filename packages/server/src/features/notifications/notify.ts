import type { NotificationKind } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NOTICE_TOPIC, wants } from '../../policy/preferences';
import { noticeStore } from './store';

// Recording a notice inside the caller's transaction: the one call other features make here.

/**
 * Stored notices ("X liked your post") and their `notification` push. Any feature notifies here
 * (feed, buddies, people): the notice is written in the caller's transaction, with the write it
 * is about, and pushed after commit through deps.effects (docs/architecture.md, "Effects after
 * commit"). This folder imports no other feature, so none of them runs in a circle through it.
 */
export interface NewNotification {
  userId: number;
  kind: NotificationKind | string;
  actorId: number;
  itemType?: number;
  itemId?: number;
  url?: string;
}

/**
 * Stores a notice inside the caller's transaction `trx`. Self-notices are dropped, and so are
 * those the receiver turned off in settings (neither stored nor pushed). Returns the id to hand
 * to `deliver` after commit, or undefined.
 */
export async function notify(
  trx: Kysely<Database>,
  n: NewNotification,
  now = Date.now(),
): Promise<number | undefined> {
  if (n.userId === n.actorId) return undefined;
  const store = noticeStore(trx);
  const topic = NOTICE_TOPIC[n.kind];
  if (topic) {
    const receiver = await store.switchesOf(n.userId);
    if (receiver && !wants(receiver, topic)) return undefined;
  }
  return store.insert({ ...n, createdAt: now });
}

/** Drops the notices about an item, in the transaction deleting it (they would lead nowhere). */
export function dropNoticesAbout(trx: Kysely<Database>, itemType: number, itemId: number): Promise<void> {
  return noticeStore(trx).dropAbout(itemType, itemId);
}
