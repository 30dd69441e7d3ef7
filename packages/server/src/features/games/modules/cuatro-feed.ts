import { FeedEventType, PhotoPrivacy } from '@tertulia/contract';
import type { Deps } from '../../../deps';
import { isLocale, type MessageKey, translate } from '../../../i18n/messages';
import type { GameRow } from '../catalogue-store';
import { type CuatroMatchRow, type CuatroStore, MatchStatus } from './cuatro-store';

const HOUR_MS = 3_600_000;

/**
 * A match's feed events for both players, friends only, in the match's transaction
 * (docs/cuatro.md "Feed"): 202 "playing now" when it starts (the platform's hourly key, shared
 * with postGameEvent), then 100 for the winner or 101 for both after a draw, once per match.
 */
export function cuatroFeed(feedLog: Deps['feedLog'], store: CuatroStore) {
  return async (trx: Deps['db'], game: GameRow, row: CuatroMatchRow, now: number) => {
    if (!row.yellow_id) return;
    const people = await store.members([row.red_id, row.yellow_id], trx);
    const name = (id: number) => people.find((p) => p.id === id)?.name ?? '';
    const locale = (id: number) => {
      const l = people.find((p) => p.id === id)?.locale;
      return isLocale(l) ? l : 'es';
    };
    const record = (userId: number, otherId: number, type: number, key: string, text: MessageKey) =>
      feedLog.recordOnce(trx, {
        type,
        userId,
        key,
        properties: {
          'source.user': userId,
          'target.user': otherId,
          game: { id: game.id, name: game.name, icon: game.icon || undefined },
          'game.text': translate(locale(userId), text, { name: name(otherId) }),
        },
        privacy: PhotoPrivacy.FRIENDS,
        aboutId: otherId,
        now,
      });
    const pair: [number, number][] = [
      [row.red_id, row.yellow_id],
      [row.yellow_id, row.red_id],
    ];
    if (row.status === MatchStatus.PLAYING) {
      // The platform's "playing now" key: once an hour per member and game, whoever posts it.
      for (const [me, other] of pair)
        await record(
          me,
          other,
          FeedEventType.REALTIME_GAME,
          `game-live:${me}:${game.id}:${Math.floor(now / HOUR_MS)}`,
          'cuatro.playing',
        );
    } else if (row.result === 0) {
      for (const [me, other] of pair)
        await record(me, other, FeedEventType.GAME_101, `cuatro:${row.id}:${me}`, 'cuatro.draw');
    } else if (row.result) {
      const [winner, loser] = row.result === 1 ? pair[0] : pair[1];
      await record(winner, loser, FeedEventType.GAME_100, `cuatro:${row.id}:${winner}`, 'cuatro.won');
    }
  };
}
