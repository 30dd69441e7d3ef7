import {
  ModerationAction,
  ModerationLimits,
  type ModerationReport,
  NotificationKind,
} from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { forbidden, invalid, notFound } from '../../http/errors';
import { notificationUseCases } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { auditStore } from './audit-store';
import type { BanUseCases } from './bans';
import { membersStore } from './members-store';
import { queueStore } from './queue-store';
import { providerOf, type ReportKinds } from './report-kinds';
import { moderationReports } from './view';

const MINUTE = 60_000;

/**
 * The moderation queue (docs/moderation.md): every report, whatever its kind, in one list with
 * its target in context; a resolution closes every open report on the same target, is written
 * to the audit log in the same transaction, and tells the reporters when action was taken.
 */
export function queueUseCases(
  deps: Pick<Deps, 'db' | 'effects' | 'unitOfWork'>,
  kinds: ReportKinds,
  bans: BanUseCases,
) {
  const store = { ...membersStore(deps.db), ...queueStore(deps.db), ...auditStore(deps.db) };
  const notices = notificationUseCases(deps);

  return {
    async list(p: { status?: 'open' | 'resolved'; kind?: string; page: number; limit: number }) {
      const offset = (p.page - 1) * p.limit;
      const rows =
        p.status === 'resolved'
          ? await store.resolvedQueue(p.kind, offset, p.limit)
          : await store.openQueue(p.kind, offset, p.limit);
      return moderationReports(kinds, rows);
    },

    async resolve(
      viewer: UserRow,
      p: { reportId: number; action: ModerationAction; reason?: string; days?: number },
    ): Promise<boolean> {
      const report = await store.report(p.reportId);
      if (!report) throw notFound('notFound.default');
      if (report.status !== 'open') throw invalid('reportId', 'admin.reportClosed');
      const provider = providerOf(kinds, report.kind);
      if (!provider.actions.includes(p.action)) throw invalid('action', 'admin.actionUnavailable');
      const onMember = p.action !== ModerationAction.DISMISS && p.action !== ModerationAction.REMOVE;
      // Some reports name no member (an ad): only the actions on the content apply to them.
      const reportedId = report.reported_id ?? 0;
      if (onMember && !reportedId) throw invalid('action', 'admin.actionUnavailable');
      if (onMember && reportedId === viewer.id) throw forbidden('admin.self');
      const reported = await store.member(reportedId);
      if (onMember && (reported?.is_admin || reported?.is_moderator)) throw forbidden('admin.protected');
      if (p.action === ModerationAction.BAN) {
        if (!viewer.is_admin) throw forbidden('forbidden.admin');
        // The ban writes its own audit entry and ends the sessions after its commit.
        await bans.ban(viewer, {
          userId: reportedId,
          reason: p.reason,
          days: p.days ?? 0,
          reportId: report.id,
        });
      }

      const now = Date.now();
      // The resolution is committed before its file or URL changes run (on `after`): their failure
      // never turns it into an error (the content is already hidden; a leftover file is swept later).
      await deps.unitOfWork(async (trx, after) => {
        if (p.action === ModerationAction.REMOVE) await provider.remove?.(trx, report, after);
        if (p.action === ModerationAction.QUARANTINE) await provider.quarantine?.(trx, report, after);
        if (p.action === ModerationAction.GAG)
          await store.gag(trx, reportedId, now + ModerationLimits.gagMinutesDefault * MINUTE);
        const closed = await store.resolveTarget(
          trx,
          { kind: report.kind, reportedId: reportedId, itemId: report.item_id },
          { resolution: p.action, by: viewer.id, now },
        );
        await store.audit(trx, {
          actorId: viewer.id,
          action: `resolve:${p.action}`,
          targetId: reportedId,
          reportId: report.id,
          kind: report.kind,
          itemId: report.item_id,
          reason: p.reason?.trim() || undefined,
          details: { reports: closed.map((r) => r.id) },
          now,
        });
        const ids: (number | undefined)[] = [];
        if (p.action === ModerationAction.WARN) {
          ids.push(
            await notify(
              trx,
              {
                userId: reportedId,
                kind: NotificationKind.MODERATION_WARNING,
                actorId: viewer.id,
              },
              now,
            ),
          );
        }
        // Reporters hear back only when something was done (a dismissal says nothing).
        if (p.action !== ModerationAction.DISMISS) {
          for (const reporter of new Set(closed.map((r) => r.reporter_id))) {
            ids.push(
              await notify(
                trx,
                { userId: reporter, kind: NotificationKind.REPORT_ACTED, actorId: viewer.id },
                now,
              ),
            );
          }
        }
        after.run(() => notices.deliver(ids));
      });
      return true;
    },

    /** Reports about and by a member, for the lookup page. */
    async ofMember(userId: number): Promise<[ModerationReport[], ModerationReport[]]> {
      const [about, by] = await Promise.all([
        store.reportsOf(userId, 'about', 20),
        store.reportsOf(userId, 'by', 20),
      ]);
      return Promise.all([moderationReports(kinds, about), moderationReports(kinds, by)]);
    },
  };
}
