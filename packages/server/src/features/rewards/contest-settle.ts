import { randomInt } from 'node:crypto';
import { contestTag, NotificationKind } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { type Currency, system } from '../../ledger/ledger';
import type { NotificationUseCases } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { type ContestRow, contestStore, type WinnerRow } from './contest-store';
import type { RoomLines } from './outside';

export const CONTEST_PATH = '/html/gifts/contest.jsp';
/** Expired contests settled per round of the expiry job. */
const BATCH = 50;

export const prizesOf = (c: Pick<ContestRow, 'prizes'>) => c.prizes.split(',').map(Number);
/** The ledger account holding a contest's prize pool until its winners redeem. */
export const poolOf = (c: Pick<ContestRow, 'id' | 'currency'>) =>
  system(`contest-${c.id}`, c.currency as Currency);

/** `count` distinct members drawn from `ids` with crypto's randomness (a partial Fisher-Yates). */
export function drawEntrants(ids: number[], count: number, random: (n: number) => number = randomInt) {
  const pool = [...ids];
  const drawn: number[] = [];
  for (let i = 0; i < Math.min(count, pool.length); i++) {
    const j = i + random(pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    drawn.push(pool[i]);
  }
  return drawn;
}

export interface SettleInputs {
  deps: Pick<Deps, 'db' | 'ledger' | 'effects' | 'feedLog'>;
  chat: Pick<RoomLines, 'sendTaggedLine'>;
  notices: Pick<NotificationUseCases, 'deliver'>;
}

/**
 * Draws an expired contest's winners, once (docs/rewards.md): the transaction that flips
 * settled_at from null draws them, under a ledger key of its own; any other server settling
 * the same contest at the same time finds it claimed and does nothing. Places nobody filled
 * give their prize back from the pool. Winners get a notice and a `contestWon` push after commit;
 * a room contest posts its results line.
 */
export function contestSettler({ deps, chat, notices }: SettleInputs) {
  const store = contestStore(deps.db);

  async function settle(id: number, now = Date.now()): Promise<boolean> {
    const contest = await store.byId(id);
    if (!contest || contest.settled_at !== null || contest.expires_at > now) return false;
    const prizes = prizesOf(contest);
    const key = `contest-settle:${id}`;
    const { result, replayed } = await deps.ledger.run(
      { key, fingerprint: key, kind: 'contest-settle', actorId: 0 },
      async (trx, move, after) => {
        if (!(await store.claim(trx, id, now))) return null;
        const userIds =
          contest.kind === 'top'
            ? await store.boardTop(trx, contest.event_id, contest.board, prizes.length)
            : drawEntrants(await store.entrantIds(trx, id), prizes.length);
        const winners: WinnerRow[] = userIds.map((userId, i) => ({
          contest_id: id,
          place: i + 1,
          user_id: userId,
          amount: prizes[i],
          redeemed_at: null,
        }));
        await store.insertWinners(trx, winners);
        const unclaimed = prizes.slice(winners.length).reduce((a, b) => a + b, 0);
        if (unclaimed > 0)
          await move([
            {
              from: poolOf(contest),
              to: system('contests', contest.currency as Currency),
              amount: unclaimed,
            },
          ]);
        const noticeIds: (number | undefined)[] = [];
        for (const w of winners) {
          await deps.feedLog.badge(trx, {
            kind: 'contest',
            userId: w.user_id,
            contestId: id,
            name: contest.name,
            place: w.place,
            now,
          });
          noticeIds.push(
            await notify(
              trx,
              {
                userId: w.user_id,
                kind: NotificationKind.CONTEST_WON,
                actorId: contest.created_by,
                url: `${CONTEST_PATH}?contestId=${id}`,
              },
              now,
            ),
          );
        }
        for (const w of winners) {
          after.publish([w.user_id], {
            type: 'contestWon',
            contestId: id,
            name: contest.name,
            place: w.place,
            prize: w.amount,
            currency: contest.currency,
          });
        }
        after.run(() => notices.deliver(noticeIds));
        return { winners, noticeIds };
      },
    );
    if (replayed || !result) return false;
    if (contest.room_id) {
      const [creator] = await store.usersByIds([contest.created_by]);
      if (creator) await chat.sendTaggedLine(creator, contest.room_id, contestTag(id)).catch(() => undefined);
    }
    return true;
  }

  return {
    settle,

    /** Settles every contest expired by `now`; answers how many this call settled. */
    async settleDue(now = Date.now()): Promise<number> {
      let settled = 0;
      for (;;) {
        const ids = await store.due(now, BATCH);
        let round = 0;
        for (const id of ids) if (await settle(id, now)) round++;
        settled += round;
        // A full batch nobody could settle (another server holds them) waits for the next run.
        if (ids.length < BATCH || round === 0) return settled;
      }
    },
  };
}
export type ContestSettler = ReturnType<typeof contestSettler>;

/** Runs the expiry every `everyMs` (0: never); returns the stop function. */
export function startContestExpiry(
  settler: ContestSettler,
  everyMs: number,
  log: { error(obj: unknown, msg: string): void },
): () => void {
  if (!everyMs) return () => {};
  const timer = setInterval(() => {
    settler.settleDue().catch((error) => log.error({ err: error }, 'contest expiry'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
