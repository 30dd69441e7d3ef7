import { ModerationAction, type ReportContext } from '@tertulia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AfterCommit } from '../../effects/unit-of-work';
import type { ReportRow } from './queue-store';

/**
 * What the queue needs to know about one kind of report (reports.kind): how to show its target
 * in context, which resolutions it offers, and how to carry out the ones that touch content.
 * A feature that files a new kind registers a provider here (docs/moderation.md); a kind nobody
 * registered still reaches the queue, shown with its raw fields.
 */
export interface ReportKindProvider {
  actions: ModerationAction[];
  context(report: ReportRow): Promise<ReportContext>;
  /**
   * Takes the reported content down, in the resolution's transaction. Work for after the commit
   * (files to delete, a new photo URL) goes on `after`; its failure never undoes the resolution.
   */
  remove?(trx: Kysely<Database>, report: ReportRow, after: AfterCommit): Promise<void>;
  /** Hides the reported content from everyone but its author until an admin approves it. */
  quarantine?(trx: Kysely<Database>, report: ReportRow, after: AfterCommit): Promise<void>;
}

const { DISMISS, WARN, GAG, BAN } = ModerationAction;
/** What every kind offers: no content of its own needed. */
export const MEMBER_ACTIONS: ModerationAction[] = [DISMISS, WARN, GAG, BAN];

export type ReportKinds = Map<string, ReportKindProvider>;

/** The provider of a kind, or one that shows the report's own fields and acts on the member. */
export function providerOf(kinds: ReportKinds, kind: string): ReportKindProvider {
  return kinds.get(kind) ?? rawProvider;
}

const rawProvider: ReportKindProvider = {
  actions: MEMBER_ACTIONS,
  async context(report) {
    return {
      type: 'raw',
      fields: {
        kind: report.kind,
        itemId: report.item_id,
        reportedId: report.reported_id,
        comment: report.comment,
        url: report.url,
        createdAt: Number(report.created_at),
      },
    };
  },
};
