import { type AdminGame, BUILTIN_GAMES_PATH, GameKind, GameStatus } from '@tertulia/contract';
import type { Updateable } from 'kysely';
import type { GamesTable } from '../../db/schema-games';
import type { UserRow } from '../../http/context';
import { ApiError, invalid, notFound } from '../../http/errors';
import type { GameRooms } from '../chat/game-rooms';
import type { CatalogueStore, GameRow } from './catalogue-store';
import type { GameTokens } from './tokens';
import { toAdminGame } from './view';

/** What an admin may set on a game (contract: admin/registerGame.do, updateGame.do). */
export interface GameSettings {
  name?: string;
  url?: string;
  description?: string;
  icon?: string;
  image?: string;
  bigImage?: string;
  playText?: string;
  credsIntegrated?: boolean;
  leaderboardsIntegrated?: boolean;
  scoreMin?: number;
  scoreMax?: number;
  scoresPerMinute?: number;
  scoreFormat?: string;
  rewardCurrency?: 'gold' | 'love';
  dailyRewardCap?: number;
  presenceUrl?: string;
}

/** An external game's https origin, or a 400 naming the field (http, a bare host, credentials). */
function httpsOrigin(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(field, 'games.urlHttps');
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw invalid(field, 'games.urlHttps');
  return url.origin;
}

const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);
const text = (s: string | undefined) => (s === undefined ? undefined : s.trim());

/** The columns a settings change writes (undefined: left as is). */
function columns(s: GameSettings): Updateable<GamesTable> {
  const values: Updateable<GamesTable> = {
    name: text(s.name),
    description: text(s.description),
    icon: text(s.icon),
    image: text(s.image),
    big_image: text(s.bigImage),
    play_text: text(s.playText),
    creds_integrated: flag(s.credsIntegrated),
    leaderboards_integrated: flag(s.leaderboardsIntegrated),
    score_min: s.scoreMin,
    score_max: s.scoreMax,
    scores_per_minute: s.scoresPerMinute,
    score_format: s.scoreFormat,
    reward_currency: s.rewardCurrency,
    daily_reward_cap: s.dailyRewardCap,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/**
 * Admins' games (docs/games.md, "Registering games"): built-in games live under our own static
 * path; external ones only on an https origin, with their presence address on that origin.
 */
export function gameAdmin(
  catalogue: CatalogueStore,
  tokens: Pick<GameTokens, 'revokeGame'>,
  rooms?: Pick<GameRooms, 'roomOf'>,
  clock: () => number = Date.now,
) {
  /** Address fields checked together: the url's origin, and the presence address on it. */
  function addresses(kind: string, url: string, presenceUrl: string | undefined) {
    if (kind === GameKind.BUILTIN) {
      if (presenceUrl) throw invalid('presenceUrl', 'games.presenceExternalOnly');
      return { url, origin: '' };
    }
    const origin = httpsOrigin('url', url);
    if (presenceUrl && httpsOrigin('presenceUrl', presenceUrl) !== origin)
      throw invalid('presenceUrl', 'games.presenceOrigin');
    return { url, origin, presence_url: presenceUrl };
  }

  function checkScores(min: number, max: number) {
    if (min > max) throw invalid('scoreMin', 'games.scoreBounds');
  }

  async function found(gid: number): Promise<GameRow> {
    const row = await catalogue.byId(gid);
    if (!row) throw notFound('games.notFound');
    return row;
  }

  return {
    async list(page: number, limit: number): Promise<AdminGame[]> {
      return (await catalogue.all(limit, (page - 1) * limit)).map(toAdminGame);
    },

    async register(
      admin: UserRow,
      p: GameSettings & { gid?: number; name: string; kind: string; slug?: string },
    ) {
      let url: string;
      if (p.kind === GameKind.BUILTIN) {
        if (!p.slug) throw invalid('slug', 'validation.required');
        if (await catalogue.bySlug(p.slug)) throw new ApiError('ApiConflictException', 'games.slugTaken');
        url = `${BUILTIN_GAMES_PATH}/${p.slug}/`;
      } else {
        if (!p.url) throw invalid('url', 'validation.required');
        url = p.url.trim();
      }
      const where = addresses(p.kind, url, p.presenceUrl?.trim() || undefined);
      checkScores(p.scoreMin ?? 0, p.scoreMax ?? 1_000_000);
      if (p.gid !== undefined && (await catalogue.byId(p.gid)))
        throw new ApiError('ApiConflictException', 'games.idTaken');
      const now = clock();
      for (let attempt = 0; ; attempt++) {
        const id = p.gid ?? (await catalogue.nextId());
        try {
          await catalogue.insert({
            ...(columns(p) as object),
            ...where,
            id,
            name: p.name.trim(),
            kind: p.kind,
            slug: p.kind === GameKind.BUILTIN ? p.slug : null,
            created_by: admin.id,
            created_at: now,
            updated_at: now,
          } as never);
          // The game's chat room; were this to fail, the game page makes it on first view.
          await rooms?.roomOf({ id, name: p.name.trim() }).catch(() => undefined);
          return toAdminGame(await found(id));
        } catch (error) {
          // Two registrations took the same next id: the second tries the one after.
          if (p.gid !== undefined || attempt >= 3 || !/unique|duplicate/i.test(String(error))) throw error;
        }
      }
    },

    /**
     * A built-in game's own entry (its module's `catalogue`), made when neither its id nor its
     * slug is in the catalogue yet; an existing entry is left as the admins made it. Two
     * instances starting at once: the second insert meets the unique id and does nothing.
     */
    async ensureBuiltin(
      slug: string,
      entry: GameSettings & { gid: number; name: string; featured?: boolean },
    ) {
      if ((await catalogue.byId(entry.gid)) || (await catalogue.bySlug(slug))) return false;
      const now = clock();
      try {
        await catalogue.insert({
          ...(columns(entry) as object),
          id: entry.gid,
          name: entry.name,
          kind: GameKind.BUILTIN,
          slug,
          url: `${BUILTIN_GAMES_PATH}/${slug}/`,
          featured: entry.featured ? 1 : 0,
          created_at: now,
          updated_at: now,
        } as never);
      } catch (error) {
        if (!/unique|duplicate/i.test(String(error))) throw error;
        return false;
      }
      await rooms?.roomOf({ id: entry.gid, name: entry.name }).catch(() => undefined);
      return true;
    },

    async update(p: GameSettings & { gid: number }): Promise<AdminGame> {
      const row = await found(p.gid);
      const url = p.url?.trim() ?? row.url;
      const presence =
        p.presenceUrl !== undefined ? p.presenceUrl.trim() || undefined : row.presence_url || undefined;
      const where = row.kind === GameKind.BUILTIN ? {} : addresses(row.kind, url, presence);
      if (row.kind === GameKind.BUILTIN && p.url !== undefined) throw invalid('url', 'games.builtinUrl');
      checkScores(p.scoreMin ?? row.score_min, p.scoreMax ?? row.score_max);
      await catalogue.update(p.gid, { ...columns(p), ...where, updated_at: clock() });
      return toAdminGame(await found(p.gid));
    },

    async setStatus(p: { gid: number; status?: string; featured?: boolean }): Promise<boolean> {
      await found(p.gid);
      await catalogue.update(p.gid, {
        ...(p.status ? { status: p.status } : {}),
        ...(p.featured !== undefined ? { featured: p.featured ? 1 : 0 } : {}),
        updated_at: clock(),
      });
      // A retired game is closed: its tokens end now.
      if (p.status === GameStatus.RETIRED) await tokens.revokeGame(p.gid);
      return true;
    },
  };
}
export type GameAdmin = ReturnType<typeof gameAdmin>;
