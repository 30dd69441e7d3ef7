import type { api, ParamsOf, Preferences } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { peopleStore } from './store';

type PreferenceParams = ParamsOf<typeof api.settings.setPreferences>;

// Boolean preferences and their columns; who honours each: docs/preferences.md.
const FLAGS = [
  ['notifyMessages', 'notify_messages'],
  ['notifyFriendRequests', 'notify_friend_requests'],
  ['notifyLikesComments', 'notify_likes_comments'],
  ['notifyChatInvites', 'notify_chat_invites'],
  ['sound', 'notify_sound'],
  ['browserNotifications', 'notify_browser'],
] as const;

export function toPreferences(row: UserRow): Preferences {
  const prefs = Object.fromEntries(FLAGS.map(([name, column]) => [name, row[column] !== 0]));
  return {
    ...(prefs as Omit<Preferences, 'onlineVisibility' | 'pendingEmail'>),
    onlineVisibility: row.online_visibility,
    pendingEmail: row.pending_email && row.pending_email_until > Date.now() ? row.pending_email : undefined,
  };
}

/** user/getPreferences.do and user/setPreferences.do: the contract checks every value first. */
export function preferenceUseCases(deps: Pick<Deps, 'db'>) {
  const store = peopleStore(deps.db);
  return {
    get: (viewer: UserRow) => toPreferences(viewer),

    async set(viewer: UserRow, p: PreferenceParams): Promise<Preferences> {
      const set: Record<string, number> = {};
      for (const [name, column] of FLAGS) if (p[name] !== undefined) set[column] = p[name] ? 1 : 0;
      if (p.onlineVisibility !== undefined) set.online_visibility = p.onlineVisibility;
      if (Object.keys(set).length) await store.update(viewer.id, set);
      return toPreferences((await store.byId(viewer.id))!);
    },
  };
}
