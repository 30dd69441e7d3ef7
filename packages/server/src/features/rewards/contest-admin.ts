import { CONTEST_LIMITS, type Contest, ContestKind, contestTag, NotificationKind } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { ApiError, forbidden, invalid } from '../../http/errors';
import { type Currency, MAX_AMOUNT, system } from '../../ledger/ledger';
import { contestClosed, mayManageContests, prizesMayChange } from '../../policy/contests';
import type { NotificationUseCases } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { CONTEST_PATH, poolOf, prizesOf } from './contest-settle';
import { type ContestRow, contestStore } from './contest-store';
import { type Contests, conflict } from './contests';
import type { RoomLines } from './outside';

export interface ContestEdit {
  contestId: number;
  name?: string;
  expiration?: number;
  prizes?: string;
  idempotencyKey: string;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Admins editing and cancelling contests (docs/rewards.md, "Editing and cancelling"; the rules
 * are policy/contests.ts). Both run as ledger transfers: a change of prizes moves the difference
 * between the house's `contests` account and the contest's pool; a cancel returns the whole pool
 * (nothing was redeemed: winners exist only once settled). The row updates are conditional, so a
 * cancel racing the expiry job or another edit is decided by whichever update hits the row.
 */
export function contestAdmin(
  deps: Pick<Deps, 'db' | 'ledger'>,
  contests: Pick<Contests, 'load' | 'one'>,
  chat: Pick<RoomLines, 'sendTaggedLine'>,
  notices: Pick<NotificationUseCases, 'deliver'>,
) {
  const store = contestStore(deps.db);

  /** The contest, if the caller may manage it and it is still open (else a worded refusal). */
  async function open(admin: UserRow, id: number): Promise<ContestRow> {
    if (!mayManageContests(admin)) throw forbidden('forbidden.admin');
    const c = await contests.load(id);
    const closed = contestClosed(c, Date.now());
    if (closed) throw conflict(closed);
    return c;
  }

  /** After a conditional update missed: the contest closed meanwhile, or someone changed it. */
  async function missed(id: number): Promise<never> {
    const now = await contests.load(id);
    throw conflict(contestClosed(now, Date.now()) ?? 'rewards.contestChanged');
  }

  return {
    async edit(admin: UserRow, p: ContestEdit): Promise<Contest[]> {
      const c = await open(admin, p.contestId);
      const now = Date.now();
      const name = p.name?.trim() || c.name;
      const expiration = p.expiration ?? c.expires_at;
      if (expiration <= Math.max(now, c.starts_at))
        throw invalid('expiration', 'rewards.contestPastExpiration');
      if (expiration - c.starts_at > CONTEST_LIMITS.LONGEST_MS)
        throw invalid('expiration', 'rewards.contestTooLong');
      const prizes = p.prizes === undefined ? prizesOf(c) : p.prizes.split(',').map(Number);
      if (prizes.some((x) => x < 1 || x > MAX_AMOUNT)) throw invalid('prizes', 'validation.invalid');
      if (!prizesMayChange(c, prizes, now)) throw conflict('rewards.contestPrizesLowered');
      const more = sum(prizes) - sum(prizesOf(c));
      const house = system('contests', c.currency as Currency);
      const { result: applied } = await deps.ledger.run(
        {
          // The admin's key: a retried edit moves the pool's difference once.
          key: `contest-edit:${admin.id}:${p.idempotencyKey}`,
          fingerprint: `contest-edit:${c.id}:${p.name ?? ''}:${p.expiration ?? ''}:${p.prizes ?? ''}`,
          kind: 'contest-edit',
          actorId: admin.id,
        },
        async (trx, move) => {
          const set = { name, expires_at: expiration, prizes: prizes.join(',') };
          if (!(await store.update(trx, c.id, c.prizes, now, set))) return false;
          if (c.kind === ContestKind.TOP)
            await store.moveBoard(trx, c.event_id, { name, ends_at: expiration });
          if (more > 0) await move([{ from: house, to: poolOf(c), amount: more }]);
          if (more < 0) await move([{ from: poolOf(c), to: house, amount: -more }]);
          return true;
        },
      );
      if (!applied) await missed(c.id);
      return contests.one(admin, c.id);
    },

    async cancel(admin: UserRow, p: { contestId: number; idempotencyKey: string }): Promise<Contest[]> {
      if (!mayManageContests(admin)) throw forbidden('forbidden.admin');
      const c = await contests.load(p.contestId);
      const now = Date.now();
      const key = `contest-cancel:${c.id}`;
      // A contest is cancelled once; the admin's retry (same key) answers that cancel again.
      const { result, replayed } = await deps.ledger
        .run(
          {
            key,
            fingerprint: `${key}:${admin.id}:${p.idempotencyKey}`,
            kind: 'contest-cancel',
            actorId: admin.id,
          },
          async (trx, move) => {
            const closed = contestClosed(c, now);
            if (closed) throw conflict(closed);
            if (!(await store.cancel(trx, c.id, c.prizes, now))) return null;
            await move([
              { from: poolOf(c), to: system('contests', c.currency as Currency), amount: sum(prizesOf(c)) },
            ]);
            // A top contest's board stops counting gifts now; its members are the ones taking part.
            let told: number[];
            if (c.kind === ContestKind.TOP) {
              await store.moveBoard(trx, c.event_id, { name: c.name, ends_at: now });
              told = await store.boardMembers(trx, c.event_id, c.board);
            } else told = await store.entrantIds(trx, c.id);
            const noticeIds: (number | undefined)[] = [];
            for (const userId of told)
              noticeIds.push(
                await notify(
                  trx,
                  {
                    userId,
                    kind: NotificationKind.CONTEST_CANCELLED,
                    actorId: admin.id,
                    url: `${CONTEST_PATH}?contestId=${c.id}`,
                  },
                  now,
                ),
              );
            return noticeIds;
          },
        )
        .catch((error) => {
          // Cancelled under another request: say how the contest stands now.
          if (error instanceof ApiError && error.key === 'ledger.keyReused') return missed(c.id);
          throw error;
        });
      if (!replayed && !result) await missed(c.id);
      if (!replayed && result) {
        await notices.deliver(result);
        // The room sees the contest's card again, now saying it was cancelled.
        if (c.room_id) await chat.sendTaggedLine(admin, c.room_id, contestTag(c.id)).catch(() => undefined);
      }
      return contests.one(admin, c.id);
    },
  };
}
export type ContestAdmin = ReturnType<typeof contestAdmin>;
