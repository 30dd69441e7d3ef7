import type { PushEvent } from '@tertulia/contract';
import type { Db } from '../../db/index';
import type { UserRow } from '../../http/context';
import { socialGraph } from '../../policy/graph';
import type { Effects } from '../../push/effects';

/**
 * Tells a room about a member (came, went, kicked), leaving out who is blocked either way with
 * them. The push goes through the effects dispatcher: never awaited, never failing the call
 * (docs/architecture.md, "Effects after commit").
 */
export function roomAnnouncer(db: Db, effects: Effects) {
  const graph = socialGraph(db);
  return async function announce(about: UserRow, listeners: number[], event: PushEvent): Promise<void> {
    const blocked = await graph.blockedWithAmong(about.id, listeners);
    effects.publish(
      [...new Set(listeners)].filter((id) => !blocked.has(id)),
      event,
    );
  };
}
export type Announce = ReturnType<typeof roomAnnouncer>;
