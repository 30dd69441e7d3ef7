import { imageUrl } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { OnlineVisibility } from '../../policy/preferences';
import { buddyStore } from './store';

const INVISIBLE = 1;

/** When a member comes online (first socket, not invisible), each online friend gets `buddyOnline`. */
export function sendOnlineNotices(deps: Deps) {
  const store = buddyStore(deps.db);
  deps.hub.onComingOnline(async (userId) => {
    const user = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    // Seen online by nobody: friends are not told either (friends-only members still tell friends).
    if (!user || user.online_status === INVISIBLE || user.online_visibility === OnlineVisibility.NOBODY)
      return;
    const online = await deps.presence.sources(await store.friendIds(userId));
    const event = {
      type: 'buddyOnline' as const,
      user: { uid: user.id, name: user.name, image1: user.image1 ? imageUrl(user.image1) : undefined },
    };
    await deps.hub.publish([...online.keys()], event);
  });
}
