import { imageUrl, ModerationAction, ReportKind } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { chatReportContext } from '../chat/report-context';
import { photoQueueTarget } from '../photos/queue-target';
import { adQueueTarget } from '../premium/ad-queue-target';
import { storyQueueTarget } from '../stories/queue-target';
import { membersStore } from './members-store';
import { queueStore } from './queue-store';
import { MEMBER_ACTIONS, type ReportKindProvider, type ReportKinds } from './report-kinds';

/**
 * The kinds the queue knows: a member reported from their profile, from a room (with the room's
 * lines around theirs), a photo (quarantine), a story and a house ad (take down). Each feature
 * lends its own target's reads and writes; games plug in the same way when they exist
 * (docs/moderation.md).
 */
export function reportKinds(deps: Pick<Deps, 'db' | 'config' | 'effects' | 'video'>): ReportKinds {
  const store = { ...membersStore(deps.db), ...queueStore(deps.db) };
  const chatLines = chatReportContext(deps.db);
  const photos = photoQueueTarget(deps);
  const stories = storyQueueTarget(deps);
  const ads = adQueueTarget(deps.db);

  const member: ReportKindProvider = {
    actions: [...MEMBER_ACTIONS, ModerationAction.REMOVE],
    async context(report) {
      const row = await store.member(report.reported_id ?? 0);
      if (!row) return { type: 'member', gone: true };
      return {
        type: 'member',
        title: row.name,
        text: row.about ?? undefined,
        // The stored key, as the URL the admin's browser loads (a bare key drew a broken image).
        image: row.image1 ? imageUrl(row.image1) : undefined,
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

  // A photo report without a photo (the in-page report of a picture with no post) is about its author.
  const photo: ReportKindProvider = {
    actions: [...MEMBER_ACTIONS, ModerationAction.QUARANTINE],
    async context(report) {
      if (report.item_id === null) return member.context(report);
      return { ...(await photos.context(report.item_id)), title: report.reported_name ?? undefined };
    },
    async quarantine(trx, report, after) {
      if (report.item_id === null) return;
      const rekey = await photos.quarantine(trx, report.item_id);
      const photoId = report.item_id;
      if (rekey) after.run(() => photos.rekey(photoId));
    },
  };

  const story: ReportKindProvider = {
    actions: [...MEMBER_ACTIONS, ModerationAction.REMOVE],
    async context(report) {
      if (report.item_id === null) return member.context(report);
      return { ...(await stories.context(report.item_id)), title: report.reported_name ?? undefined };
    },
    async remove(trx, report, after) {
      if (report.item_id === null) return;
      const row = await stories.remove(trx, report.item_id);
      if (row) after.run(() => stories.removeFiles(row));
    },
  };

  const ad: ReportKindProvider = {
    // An ad names no member: only the actions on the ad itself.
    actions: [ModerationAction.DISMISS, ModerationAction.REMOVE],
    async context(report) {
      if (report.item_id === null) return { type: 'ad', gone: true, text: report.url ?? undefined };
      return ads.context(report.item_id);
    },
    async remove(trx, report) {
      if (report.item_id !== null) await ads.remove(trx, report.item_id);
    },
  };

  return new Map([
    [ReportKind.USER, member],
    [ReportKind.CHAT, chat],
    [ReportKind.PHOTO, photo],
    [ReportKind.STORY, story],
    [ReportKind.AD, ad],
  ]);
}
