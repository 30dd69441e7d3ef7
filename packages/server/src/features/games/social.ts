import { randomUUID } from 'node:crypto';
import { ConversationType, FeedEventType, GameLimits, PhotoPrivacy } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, rateLimited } from '../../http/errors';
import { isLocale, translate } from '../../i18n/messages';
import { socialGraph } from '../../policy/graph';
import type { MessagingUseCases } from '../messaging/use-cases';
import type { GameRow } from './catalogue-store';
import type { PlayerStore } from './player-store';

const HOUR_MS = 3_600_000;

/** The link that opens a game in the container (spec section 2). */
export const gameLink = (gameId: number) => `/games?gid=${gameId}`;

/**
 * What a game tells the member's friends (docs/games.md, "Feed and invites"): feed events through
 * the feed's writer (deps.feedLog) in their own transaction, and invitations as a push and an IM.
 */
export function socialUseCases(
  deps: Pick<Deps, 'db' | 'limiter' | 'feedLog' | 'effects'>,
  messaging: Pick<MessagingUseCases, 'send'>,
  players: PlayerStore,
  clock: () => number = Date.now,
) {
  const graph = socialGraph(deps.db);

  async function friendOrRefuse(user: UserRow, friendId: number, key: 'games.friendsOnly') {
    if (friendId === user.id || !(await graph.areFriends(user.id, friendId))) throw forbidden(key);
    if (await graph.blockedEitherWay(user.id, friendId)) throw forbidden(key);
  }

  return {
    async postEvent(user: UserRow, game: GameRow, p: { type: number; text: string; targetUserId?: number }) {
      const text = p.text.trim();
      if (p.targetUserId !== undefined) await friendOrRefuse(user, p.targetUserId, 'games.friendsOnly');
      const now = clock();
      // "Playing now" (202) is news once an hour, like "chatting now" (201); the others count.
      const live = p.type === FeedEventType.REALTIME_GAME;
      if (!live) {
        const d = await deps.limiter.hit(`gameEvent:${user.id}`, GameLimits.EVENTS_PER_HOUR, HOUR_MS);
        if (!d.allowed) throw rateLimited(d.retryAfterMs);
      }
      const key = live
        ? `game-live:${user.id}:${game.id}:${Math.floor(now / HOUR_MS)}`
        : `game:${game.id}:${user.id}:${now}:${randomUUID()}`;
      await deps.db.transaction().execute((trx) =>
        deps.feedLog.recordOnce(trx, {
          type: p.type,
          userId: user.id,
          key,
          properties: {
            'source.user': user.id,
            ...(p.targetUserId ? { 'target.user': p.targetUserId } : {}),
            game: { id: game.id, name: game.name, icon: game.icon || undefined },
            'game.text': text,
          },
          privacy: PhotoPrivacy.FRIENDS,
          aboutId: p.targetUserId,
          now,
        }),
      );
      return true;
    },

    async invite(user: UserRow, game: GameRow, friendId: number, message?: string) {
      await friendOrRefuse(user, friendId, 'games.friendsOnly');
      const d = await deps.limiter.hit(`gameInvite:${user.id}`, GameLimits.INVITES_PER_DAY, 24 * HOUR_MS);
      if (!d.allowed) throw rateLimited(d.retryAfterMs);
      const friend = await players.member(friendId);
      const locale = isLocale(friend?.locale) ? friend.locale : 'es';
      const url = gameLink(game.id);
      const words = message?.trim();
      const text = `${translate(locale, 'games.inviteMessage', { name: user.name, game: game.name })} ${url}${words ? `\n${words}` : ''}`;
      // The IM is the invitation that stays; the push only tells an open tab at once.
      await messaging.send(user, {
        message: text,
        targetIds: [friendId],
        type: ConversationType.IM,
        clientMessageId: `game-invite-${game.id}-${randomUUID()}`,
      });
      deps.effects.publish([friendId], {
        type: 'gameInvite',
        gameId: game.id,
        gameName: game.name,
        sender: { uid: user.id, name: user.name },
        url,
        ...(words ? { message: words } : {}),
      });
      return true;
    },
  };
}
