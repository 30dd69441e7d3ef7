import {
  type AdminGame,
  type Game,
  GameKind,
  GameLimits,
  GameScoreFormat,
  imageUrl,
  type Player,
  type User,
  type UserGameEntry,
} from '@tertulia/contract';
import { effectiveStar, isVip } from '../../policy/premium';
import type { FriendCardRow, GameRow } from './catalogue-store';
import type { PlayerRow } from './player-store';

/** How a score reads: plain, or milliseconds as m:ss.t (GameScoreFormat). */
export function formatScore(score: number, format: string): string {
  if (format !== GameScoreFormat.TIME) return String(score);
  const tenths = Math.floor(Math.abs(score) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${score < 0 ? '-' : ''}${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** A game as members see it (the listing's extras are added by the caller). */
export function toGame(row: GameRow): Game {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon || undefined,
    image: row.image || undefined,
    bigImage: row.big_image || undefined,
    description: row.description,
    external: row.kind === GameKind.EXTERNAL,
    isFeatured: row.featured === 1,
    credsIntegrated: row.creds_integrated === 1,
    leaderboardsIntegrated: row.leaderboards_integrated === 1,
    // External games run on https only (registration refuses anything else); ours follow the site.
    requiresHttps: row.kind === GameKind.EXTERNAL,
    url: row.url,
    playText: row.play_text || undefined,
    scoreFormat: row.score_format,
  };
}

/**
 * A friend playing, as a listing's card draws them: name, picture, VIP star (the feed's member
 * cards alike); the profile card fetches the rest when it opens (web ui/member/UserLink).
 */
export function toFriendCard(row: FriendCardRow): User {
  return {
    uid: row.id,
    name: row.name,
    image1: row.image1 ? imageUrl(row.image1) : undefined,
    gender: row.gender,
    // VIP while its time lasts (policy/premium.ts).
    star: effectiveStar(row),
    hasMocoVIPStar: isVip(row),
  };
}

export function toAdminGame(row: GameRow): AdminGame {
  return {
    ...toGame(row),
    slug: row.slug ?? undefined,
    status: row.status,
    scoreMin: row.score_min,
    scoreMax: row.score_max,
    scoresPerMinute: row.scores_per_minute,
    rewardCurrency: row.reward_currency,
    dailyRewardCap: row.daily_reward_cap,
    scoreFormat: row.score_format,
    presenceUrl: row.presence_url || undefined,
    creationTime: row.created_at,
    updateTime: row.updated_at,
  };
}

/** A member's entry in a game; `showsPlaying` false hides whether they play now (invisibility). */
export function toPlayer(row: PlayerRow, game: GameRow, showsPlaying: boolean, now: number): Player {
  return {
    game: toGame(game),
    gameStatus: row.game_status || undefined,
    gameStatusUrl: row.game_status_url || undefined,
    isPlaying: showsPlaying && row.playing_until > now,
    creationTime: row.created_at,
    updateTime: row.updated_at,
  };
}

/** The same entry flattened as User.game carries it. */
export function toUserGameEntry(player: Player): UserGameEntry {
  return {
    gameId: player.game?.id ?? 0,
    name: player.game?.name ?? '',
    icon: player.game?.icon,
    gameStatus: player.gameStatus,
    gameStatusUrl: player.gameStatusUrl,
    isPlaying: player.isPlaying,
    creationTime: player.creationTime,
    updateTime: player.updateTime,
  };
}

/** Whether a profile asks game/getPresenceHtml.do for this game: external, with a presence address. */
export const hasPresenceHtml = (row: GameRow) => row.kind === GameKind.EXTERNAL && !!row.presence_url;

/** The playing window renewed by each sign of life. */
export const playingUntil = (now: number) => now + GameLimits.PLAYING_MS;
