import { useQueryClient } from '@tanstack/react-query';
import { api, type Endpoint, type Game, GameInstallStatus, GiftSource } from '@tertulia/contract';
import { useMemo, useRef } from 'react';
import * as games from '../../api/areas/games';
import { useSession } from '../../api/areas/user';
import { keyOf } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { giftDialog } from '../gifts/dialogs';
import { openSendIm } from '../messaging/dialogs';
import { BridgeError } from './bridge';
import type { GameHost } from './hostHandlers';
import { leaderboardKey } from './queries';
import { moduleEndpoint } from './rules';

/** A token is asked for again this long before it ends. */
const TOKEN_MARGIN_MS = 60_000;
const BOARDS_REFRESH_MS = 1000;

/**
 * The host's side for this page's game and the session's member (hostHandlers.ts): our API
 * calls with the game id of the page and the game token the page asked for. The frame never
 * sees the session; it may ask for the token (getToken), which names only this game and member.
 */
export function useGameHost(game: Game): GameHost | undefined {
  const { user } = useSession();
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const token = useRef<{ token: string; expiresAt: number } | undefined>(undefined);
  const gameId = game.id;

  return useMemo(() => {
    if (!user) return undefined;
    const currentToken = async () => {
      if (token.current && token.current.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.current;
      const issued = await games.getOAuthToken({ gid: gameId });
      token.current = { token: issued.token ?? '', expiresAt: issued.expiresAt };
      return token.current;
    };
    const withToken = async () => ({ gameId, token: (await currentToken()).token });
    // The page's boards follow the scores at most once a second, not once per score: a game
    // submitting fast must not double the server's work (tools/bench/games.ts).
    let boardsPending = false;
    const refreshBoards = () => {
      if (boardsPending) return;
      boardsPending = true;
      setTimeout(() => {
        boardsPending = false;
        void queryClient.invalidateQueries({ queryKey: leaderboardKey(gameId) });
      }, BOARDS_REFRESH_MS);
    };
    const friendsOf = (installStatus: GameInstallStatus) =>
      queryClient.fetchQuery({
        queryKey: keyOf(api.game.getFriendsByName, { name: '', installStatus, gid: gameId }),
        queryFn: () =>
          games.getFriendsByName({ name: '', installStatus, gid: gameId, onlineSort: true, limit: 100 }),
        staleTime: 60_000,
      });
    const host: GameHost = {
      player: { userId: user.uid, name: user.name ?? '', image: user.image1, locale },
      token: currentToken,
      friends: async () => {
        const [all, playing] = await Promise.all([
          friendsOf(GameInstallStatus.ALL),
          friendsOf(GameInstallStatus.INSTALLED),
        ]);
        const plays = new Set(playing.map((u) => u.uid));
        return all.map((u) => ({ ...u, playsThis: plays.has(u.uid) }));
      },
      submitScore: async (score) => {
        const item = await games.submitScore({ ...(await withToken()), score });
        refreshBoards();
        return { best: item.score ?? score, rank: item.rank, scoreFormatted: item.scoreFormatted };
      },
      leaderboard: (scope) => games.getGameLeaderboard({ gameId, type: scope, limit: 50 }),
      setPresence: async (gameStatus, gameStatusUrl) =>
        games.setGamePresence({ ...(await withToken()), gameStatus, gameStatusUrl }),
      postFeedEvent: async (type, text, targetUserId) =>
        games.postGameEvent({
          ...(await withToken()),
          type: type as 100 | 101 | 102 | 103 | 202,
          text,
          targetUserId,
        }),
      grantReward: async (amount, reason, key) => {
        const reward = await games.grantGameReward({
          ...(await withToken()),
          amount,
          reason,
          idempotencyKey: key,
        });
        return { id: reward.id, amount: reward.amount, currency: reward.currency };
      },
      keepAlive: async () => {
        const renewed = await games.extendGameSession(await withToken());
        if (token.current) token.current.expiresAt = renewed.expiresAt;
      },
      invite: async (friendId, message) => games.inviteToGame({ ...(await withToken()), friendId, message }),
      openGift: (friend) =>
        openDialog(giftDialog, {
          userId: friend.uid,
          userName: friend.name ?? '',
          source: GiftSource.PROFILE,
        }),
      openIm: (friend) => openSendIm({ uid: friend.uid, name: friend.name ?? '' }),
      call: async (name, params) => {
        // Only the game's own module calls: `game/<slug>...` with the game-token rule
        // (docs/games.md, "Game modules"); the game id and token are the page's, never the frame's.
        const endpoint = moduleEndpoint(game, name, api.game as Record<string, Endpoint | undefined>);
        if (!endpoint) throw new BridgeError('invalid', t('games.bridge.unknownCall', { name }));
        return games.callGameModule(endpoint, { ...params, ...(await withToken()) });
      },
      texts: { notFriend: t('games.bridge.notFriend') },
    };
    return host;
  }, [user, game, gameId, locale, t, queryClient]);
}

import './texts';
