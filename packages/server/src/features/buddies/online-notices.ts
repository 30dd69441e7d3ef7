import type { Deps } from '../../deps';
import { announcesPresence, socialGraph } from '../../policy/graph';
import { userRef } from './push-ref';
import { buddyStore } from './store';

/** When a member comes online (first socket, not invisible), each online friend gets `buddyOnline`. */
export function sendOnlineNotices(deps: Pick<Deps, 'db' | 'hub' | 'presence' | 'effects'>) {
  const store = buddyStore(deps.db);
  const graph = socialGraph(deps.db);
  deps.hub.onComingOnline(async (userId) => {
    const user = await store.member(userId);
    // Seen online by nobody: friends are not told either (friends-only members still tell friends).
    if (!user || !announcesPresence(user)) return;
    const online = await deps.presence.sources(await graph.friendIds(userId));
    deps.effects.publish([...online.keys()], { type: 'buddyOnline', user: userRef(user) });
  });
}
