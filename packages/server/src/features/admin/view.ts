import type { AdminMember, AuditEntry, ModerationReport } from '@tertulia/contract';
import { isHidden } from '../../policy/standing';
import type { AuditRow } from './audit-store';
import type { MemberRow } from './members-store';
import type { ReportRow } from './queue-store';
import { providerOf, type ReportKinds } from './report-kinds';

/** Rows as the admin area's entities. */
export function adminMember(row: MemberRow, counts: [number, number] = [0, 0]): AdminMember {
  return {
    uid: row.id,
    name: row.name,
    email: row.email,
    image1: row.image1 ?? undefined,
    birthDate: row.birth_date,
    isAdmin: row.is_admin === 1,
    isModerator: row.is_moderator === 1,
    verified: row.verified === 1,
    banned: isHidden(row),
    banUntil: Number(row.ban_until),
    banReason: row.ban_reason ?? undefined,
    creationTime: Number(row.creation_time),
    lastAccess: Number(row.last_access),
    reportsAbout: counts[0],
    reportsBy: counts[1],
  };
}

/** Reports with their target in context (each kind's provider draws it). */
export async function moderationReports(
  kinds: ReportKinds,
  rows: (ReportRow & { target_reports?: number | string | bigint })[],
): Promise<ModerationReport[]> {
  return Promise.all(
    rows.map(async (r) => {
      const provider = providerOf(kinds, r.kind);
      return {
        id: r.id,
        kind: r.kind,
        itemId: r.item_id ?? undefined,
        reporter: { uid: r.reporter_id, name: r.reporter_name },
        reported: { uid: r.reported_id ?? 0, name: r.reported_name ?? '' },
        comment: r.comment ?? undefined,
        url: r.url ?? undefined,
        status: r.status,
        resolution: r.resolution ?? undefined,
        creationTime: Number(r.created_at),
        targetReports: Number(r.target_reports ?? 0),
        actions: provider.actions,
        context: await provider.context(r),
      };
    }),
  );
}

export function auditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    actor: { uid: r.actor_id, name: r.actor_name },
    action: r.action,
    targetId: r.target_id ?? undefined,
    targetName: r.target_name ?? undefined,
    reportId: r.report_id ?? undefined,
    kind: r.kind ?? undefined,
    itemId: r.item_id ?? undefined,
    reason: r.reason ?? undefined,
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : undefined,
    creationTime: Number(r.created_at),
  };
}
