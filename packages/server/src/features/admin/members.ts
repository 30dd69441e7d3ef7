import type { AdminDashboard, AdminMember, AdminMemberDetail, AuditEntry } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { auditStore } from './audit-store';
import { membersStore } from './members-store';
import { adminMember, auditEntry } from './view';

type Queue = {
  ofMember(userId: number): Promise<[AdminMemberDetail['reportsAbout'], AdminMemberDetail['reportsBy']]>;
};

/** Staff reads: the dashboard's counts, member lookup and a member's page, the audit log. */
export function memberUseCases(deps: Pick<Deps, 'db' | 'ledger'>, queue: Queue) {
  const store = { ...membersStore(deps.db), ...auditStore(deps.db) };

  return {
    async dashboard(): Promise<AdminDashboard> {
      const now = Date.now();
      const day = new Date(now);
      day.setUTCHours(0, 0, 0, 0);
      return store.dashboard(now, day.getTime());
    },

    /** A number is an id, text with @ an email, anything else the start of a name. */
    async find(p: { query: string; page: number; limit: number }): Promise<AdminMember[]> {
      const q = p.query.trim();
      const query = /^\d+$/.test(q)
        ? { id: Number(q) }
        : q.includes('@')
          ? { email: q.toLowerCase() }
          : { namePrefix: q.toLowerCase() };
      if (query.id !== undefined && !Number.isSafeInteger(query.id)) return [];
      const rows = await store.findMembers(query, (p.page - 1) * p.limit, p.limit);
      const counts = await store.reportCounts(rows.map((r) => r.id));
      return rows.map((r) => adminMember(r, counts.get(r.id)));
    },

    async member(userId: number): Promise<AdminMemberDetail> {
      const row = await store.member(userId);
      if (!row) throw notFound('people.notFound');
      const [counts, [reportsAbout, reportsBy], sessions, activity, balances, ledger] = await Promise.all([
        store.reportCounts([row.id]),
        queue.ofMember(row.id),
        store.sessionsOf(row.id),
        store.auditLog({ targetId: row.id }, 0, 20),
        deps.ledger.balances(row.id),
        deps.ledger.history(row.id, 20, 0),
      ]);
      return {
        member: adminMember(row, counts.get(row.id)),
        reportsAbout,
        reportsBy,
        sessions: sessions.map((s) => ({
          id: s.public_id ?? '',
          creationTime: Number(s.created_at),
          lastSeen: Number(s.last_seen),
          userAgent: s.user_agent ?? undefined,
          address: s.address ?? undefined,
        })),
        activity: activity.map(auditEntry),
        balances: { gold: balances.gold, gems: balances.gems },
        ledger,
      };
    },

    async auditLog(p: { before?: number; page: number; limit: number }): Promise<AuditEntry[]> {
      const rows = await store.auditLog({ before: p.before }, (p.page - 1) * p.limit, p.limit);
      return rows.map(auditEntry);
    },
  };
}
