import { api, type User } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me, type UserRow } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { notificationUseCases } from './notices';

/** How the people feature draws members (app.ts hands it over: people uses notices, not the reverse). */
type Present = (viewer: UserRow, rows: UserRow[]) => Promise<User[]>;

/** A member's notices: user/getNotifications, getUnreadNotificationCount, markNotificationsRead. */
export function notificationRoutes(deps: Deps, present: Present) {
  const notices = notificationUseCases(deps);
  const { user } = api;
  return [
    bind(user.getNotifications, (p, ctx) =>
      notices.list(me(ctx), { page: p.page ?? 1, limit: p.limit ?? 20, unreadOnly: p.unreadOnly }, present),
    ),
    bind(user.getUnreadNotificationCount, (_p, ctx) => notices.unread(me(ctx).id)),
    bind(user.markNotificationsRead, (p, ctx) => notices.markRead(me(ctx), p.ids)),
  ];
}
