import { imageUrl, type User, type UserStatus } from '@tertulia/contract';
import type { Selectable } from 'kysely';
import type { StatusesTable } from '../../db/schema';
import type { UserRow } from '../../http/context';
import type { LocaleCode } from '../../i18n/messages';
import { effectiveStar, isVip } from '../../policy/premium';

/** The small shapes the feed's answers are drawn with: times, member cards, statuses. */

export const img = (k: string | null | undefined) => (k ? imageUrl(k) : undefined);

/** A map key for an item: its LikeItemType and id. */
export const itemKey = (type: number, id: number) => `${type}:${id}`;

/** Relative times (recently, minutes, hours, days, weeks, a date), in the reader's language. */
export function readable(at: number, locale: LocaleCode, now = Date.now()): string {
  const s = Math.max(0, now - at) / 1000;
  const es = locale === 'es';
  const unit = (n: number, esOne: string, esMany: string, enOne: string, enMany: string) =>
    es ? `hace ${n} ${n === 1 ? esOne : esMany}` : `${n} ${n === 1 ? enOne : enMany} ago`;
  if (s < 60) return es ? 'hace un momento' : 'recently';
  if (s < 3600) return unit(Math.floor(s / 60), 'minuto', 'minutos', 'minute', 'minutes');
  if (s < 86_400) return unit(Math.floor(s / 3600), 'hora', 'horas', 'hour', 'hours');
  if (s < 7 * 86_400) return unit(Math.floor(s / 86_400), 'día', 'días', 'day', 'days');
  if (s < 30 * 86_400) return unit(Math.floor(s / (7 * 86_400)), 'semana', 'semanas', 'week', 'weeks');
  const date = new Date(at);
  const sameYear = date.getUTCFullYear() === new Date(now).getUTCFullYear() && s < 365 * 86_400;
  return date.toLocaleDateString(es ? 'es-ES' : 'en-US', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/**
 * The first moment after `now` at which readable(at, ..., moment) may read differently from
 * readable(at, ..., now): the next unit boundary; dates (30 days and older) are re-checked
 * every minute. A kept page expires then (page-cache.ts).
 */
export function readableUntil(at: number, now: number): number {
  const s = Math.max(0, now - at) / 1000;
  const next = (unit: number) => at + (Math.floor(s / unit) + 1) * unit * 1000;
  if (s < 60) return at + 60_000;
  if (s < 3600) return next(60);
  if (s < 86_400) return next(3600);
  if (s < 7 * 86_400) return next(86_400);
  if (s < 30 * 86_400) return Math.min(next(7 * 86_400), at + 30 * 86_400_000);
  return now + 60_000;
}

/**
 * The members on a feed page as a list shows them: name, picture, VIP star. The profile card
 * fetches the rest when it opens (web ui/member/UserLink). Each column read costs on every page
 * (better-sqlite3 builds a row object per member), so these are all it reads.
 */
export function cardUser(
  row: Pick<UserRow, 'id' | 'name' | 'image1' | 'gender' | 'star' | 'vip_until'>,
): User {
  return {
    uid: row.id,
    name: row.name,
    image1: img(row.image1),
    gender: row.gender,
    // VIP while its time lasts (policy/premium.ts).
    star: effectiveStar(row),
    hasMocoVIPStar: isVip(row),
  };
}

export function parseProps(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Ids in properties: flat keys ('source.user': 3) as recordFeedEvent callers write them. */
export const propUser = (props: Record<string, unknown>, path: 'source.user' | 'target.user') => {
  const value = props[path];
  return typeof value === 'number' ? value : undefined;
};

export function toStatus(row: Selectable<StatusesTable>, locale: LocaleCode): UserStatus {
  return {
    id: row.id,
    status: row.text,
    timestamp: row.created_at,
    readableTimestamp: readable(row.created_at, locale),
    userId: row.user_id,
    image1: img(row.image_key),
    privacy: row.privacy,
    isNSFW: row.nsfw === 1,
  };
}

/**
 * The member's current status as kept on their row (User.statusObject). It carries its privacy:
 * people/user-view.ts shows it only to those the item rule lets see it.
 */
export function statusObjectOf(row: {
  id: number;
  user_id: number;
  text: string;
  created_at: number;
  image_key: string | null;
  privacy: number;
}): string {
  return JSON.stringify({
    id: row.id,
    status: row.text,
    timestamp: row.created_at,
    userId: row.user_id,
    image1: img(row.image_key),
    privacy: row.privacy,
  });
}
