import { BUILTIN_GAMES_PATH, FeedEventType, NotificationKind, PhotoPrivacy } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Deps } from '../../../deps';
import type { AfterCommit } from '../../../effects/unit-of-work';
import type { UserRow } from '../../../http/context';
import { isLocale, translate } from '../../../i18n/messages';
import { notify } from '../../notifications/notify';
import type { GameRow } from '../catalogue-store';
import { publishGameEvent } from '../events';
import type { BattleResult } from './calles-rules';

const HOUR_MS = 3_600_000;

/** The path inside the game that opens a journal entry (the game reads `battle` from its address). */
export const journalPath = (battleId: number) => `${BUILTIN_GAMES_PATH}/calles/index.html?battle=${battleId}`;
/** The container's link to it: `/games?gid=1000&url=...` (spec section 2). */
export const journalLink = (gameId: number, battleId: number) =>
  `/games?gid=${gameId}&url=${encodeURIComponent(journalPath(battleId))}`;

/** Feed keys: one "battle joined" and one "battle won" an hour per attacker, whatever they fight. */
export const battleFeedKeys = {
  joined: (attackerId: number, now: number) => `calles:joined:${attackerId}:${Math.floor(now / HOUR_MS)}`,
  won: (attackerId: number, now: number) => `calles:won:${attackerId}:${Math.floor(now / HOUR_MS)}`,
};

/**
 * What a battle tells others, inside its transaction (docs/games-calles.md, "Journal"): feed
 * events 1060 and 1062 through the feed's writer, a stored notice for the defender, and after
 * commit the street-wars journal push and the notice's delivery.
 */
export async function recordBattle(
  deps: Pick<Deps, 'feedLog'>,
  trx: Kysely<Database>,
  after: AfterCommit,
  b: { id: number; attacker: UserRow; defender: UserRow; game: GameRow; result: BattleResult; now: number },
): Promise<void> {
  const properties = {
    'source.user': b.attacker.id,
    'target.user': b.defender.id,
    game: { id: b.game.id, name: b.game.name, icon: b.game.icon || undefined },
  };
  // The defender sees it in their feed too, friends or not.
  const event = {
    userId: b.attacker.id,
    properties,
    privacy: PhotoPrivacy.FRIENDS,
    aboutId: b.defender.id,
    alsoTo: [b.defender.id],
    now: b.now,
  };
  await deps.feedLog.recordOnce(trx, {
    ...event,
    type: FeedEventType.STREET_WARS_BATTLE_JOINED,
    key: battleFeedKeys.joined(b.attacker.id, b.now),
  });
  if (b.result.attackerWon)
    await deps.feedLog.recordOnce(trx, {
      ...event,
      type: FeedEventType.STREET_WARS_BATTLE_WON,
      key: battleFeedKeys.won(b.attacker.id, b.now),
    });
  const url = journalLink(b.game.id, b.id);
  // Stored, so it waits in the defender's notices. Its live copy is the journal push below (not a
  // second `notification` push: one attack, one toast).
  await notify(
    trx,
    { userId: b.defender.id, kind: NotificationKind.STREET_WARS, actorId: b.attacker.id, url },
    b.now,
  );
  const locale = isLocale(b.defender.locale) ? b.defender.locale : 'es';
  const text = b.result.attackerWon
    ? translate(locale, 'calles.journalLost', { name: b.attacker.name, loot: b.result.loot })
    : translate(locale, 'calles.journalHeld', { name: b.attacker.name });
  after.publish([b.defender.id], { type: 'streetWarsJournal', text, url: journalPath(b.id) });
  // A defender playing right now sees it in the game too (the page forwards it to the frame).
  publishGameEvent(after, [b.defender.id], b.game.id, 'callesAttacked', { battleId: b.id });
}
