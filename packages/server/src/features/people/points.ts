import type { Deps } from '../../deps';
import type { PeopleStore } from './store';
import type { MemberExtras } from './user-view';

/**
 * Points shown on members (user-view.ts's MemberExtras): chat points from the people store, love
 * points from the ledger, whose tables only the ledger reads (docs/ledger.md). One read of each
 * for a page of members.
 */
export async function memberPoints(
  ledger: Deps['ledger'],
  store: Pick<PeopleStore, 'chatPoints' | 'onAirBroadcasts'>,
  ids: number[],
): Promise<Map<number, MemberExtras>> {
  if (ids.length === 0) return new Map();
  const [chat, love, live] = await Promise.all([
    store.chatPoints(ids),
    ledger.balancesOf(ids, 'love'),
    store.onAirBroadcasts(ids),
  ]);
  return new Map(
    ids.map((id) => [
      id,
      { chat_points: chat.get(id) ?? 0, love_points: love.get(id) ?? 0, broadcast_id: live.get(id) },
    ]),
  );
}
