import type { Db } from '../../db/index';
import { entryStore } from './entry-store';

/** Lines shown on each side of the reported line in the moderation queue. */
const AROUND = 5;

/**
 * What a report from a room is about, for the moderation queue (features/admin): the reported
 * member's last public line sent before the report, with the room's lines around it. A report
 * names the member only, so the latest line is the best witness; none when they never wrote.
 */
export function chatReportContext(db: Db) {
  const entries = entryStore(db);
  return async (reportedId: number, reportedAt: number) => {
    const line = await entries.lastPublicLineBy(reportedId, reportedAt);
    if (!line) return [];
    const rows = await entries.linesAround(line.room_id, line, AROUND);
    return rows.map((r) => ({
      room: r.room_name,
      sender: r.sender_name,
      message: r.message,
      timestamp: Number(r.created_at),
      reported: r.sender_id === reportedId,
    }));
  };
}
