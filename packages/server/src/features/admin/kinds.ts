import { ModerationAction, ReportKind } from '@tertulia/contract';
import type { Db } from '../../db/index';
import { chatReportContext } from '../chat/report-context';
import { membersStore } from './members-store';
import { queueStore } from './queue-store';
import { MEMBER_ACTIONS, type ReportKindProvider, type ReportKinds } from './report-kinds';

/**
 * The kinds the queue knows today: a member reported from their profile, and from a room (with
 * the room's lines around theirs). Photos, stories, ads and games plug in the same way
 * (docs/moderation.md).
 */
export function reportKinds(db: Db): ReportKinds {
  const store = { ...membersStore(db), ...queueStore(db) };
  const chatLines = chatReportContext(db);

  const member: ReportKindProvider = {
    actions: [...MEMBER_ACTIONS, ModerationAction.REMOVE],
    async context(report) {
      const row = await store.member(report.reported_id ?? 0);
      if (!row) return { type: 'member', gone: true };
      return {
        type: 'member',
        title: row.name,
        text: row.about ?? undefined,
        image: row.image1 ?? undefined,
        link: `/html/profile-view.jsp?user=${row.id}`,
      };
    },
    // The member's own words on their profile: the about text.
    remove: (trx, report) => store.clearProfileText(trx, report.reported_id ?? 0),
  };

  const chat: ReportKindProvider = {
    actions: MEMBER_ACTIONS,
    async context(report) {
      const lines = await chatLines(report.reported_id ?? 0, Number(report.created_at));
      return { type: 'chatLines', title: report.reported_name ?? undefined, lines };
    },
  };

  return new Map([
    [ReportKind.USER, member],
    [ReportKind.CHAT, chat],
  ]);
}
