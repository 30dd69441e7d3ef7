import { GameKind, GameLimits } from '@tertulia/contract';
import type { gamesEs } from '../../i18n/games.es';
import './texts';

/**
 * The admins' register-a-game form: its values as typed, what is wrong with them (a text key per
 * field, shown before anything is sent), and the admin/registerGame.do params they make. The
 * server checks the same rules again (features/games/admin.ts); these only spare a round trip.
 */
export const EMPTY_GAME_FORM = {
  name: '',
  address: '',
  description: '',
  icon: '',
  playText: '',
  scoreMin: '0',
  scoreMax: '1000000',
  scoresPerMinute: '6',
  dailyRewardCap: '0',
  presenceUrl: '',
};
export type GameForm = typeof EMPTY_GAME_FORM;
type ErrorKey = Extract<keyof typeof gamesEs, `games.admin.error.${string}`>;
export type GameFormErrors = Partial<Record<keyof GameForm, ErrorKey>>;
/** The fields added beside name, address and description, each labelled games.admin.<field>. */
export type LimitField = 'icon' | 'playText' | 'scoreMin' | 'scoreMax' | 'scoresPerMinute' | 'presenceUrl';

/** The widest score the server stores (a 32-bit integer either way). */
const SCORE_BOUND = 2_147_483_647;
const PLAY_TEXT_MAX = 20;
const RATE_MAX = 600;

const isExternal = (address: string) => /^https:\/\//i.test(address.trim());
const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

function httpsOrigin(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' && !url.username && !url.password ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Each wrong field's text key (games.admin.error.*); empty when the form may be sent. */
export function gameFormErrors(f: GameForm): GameFormErrors {
  const errors: GameFormErrors = {};
  const icon = f.icon.trim();
  if (icon && !icon.startsWith('/') && !httpsOrigin(icon)) errors.icon = 'games.admin.error.icon';
  if (f.playText.trim().length > PLAY_TEXT_MAX) errors.playText = 'games.admin.error.playText';
  const [min, max] = [whole(f.scoreMin), whole(f.scoreMax)];
  if (min === undefined || Math.abs(min) > SCORE_BOUND) errors.scoreMin = 'games.admin.error.scoreWhole';
  if (max === undefined || Math.abs(max) > SCORE_BOUND) errors.scoreMax = 'games.admin.error.scoreWhole';
  else if (min !== undefined && min > max) errors.scoreMax = 'games.admin.error.scoreRange';
  const rate = whole(f.scoresPerMinute);
  if (rate === undefined || rate < 1 || rate > RATE_MAX) errors.scoresPerMinute = 'games.admin.error.rate';
  const cap = whole(f.dailyRewardCap);
  if (cap === undefined || cap < 0 || cap > GameLimits.DAILY_REWARD_CAP_MAX)
    errors.dailyRewardCap = 'games.admin.error.rewardCap';
  const presence = f.presenceUrl.trim();
  if (presence) {
    if (!isExternal(f.address)) errors.presenceUrl = 'games.admin.error.presenceExternal';
    else if (!httpsOrigin(presence) || httpsOrigin(presence) !== httpsOrigin(f.address))
      errors.presenceUrl = 'games.admin.error.presenceOrigin';
  }
  return errors;
}

/** The admin/registerGame.do params of a form without errors. */
export function registerParams(f: GameForm) {
  const external = isExternal(f.address);
  const cap = whole(f.dailyRewardCap) ?? 0;
  return {
    name: f.name.trim(),
    kind: external ? GameKind.EXTERNAL : GameKind.BUILTIN,
    ...(external ? { url: f.address.trim() } : { slug: f.address.trim() }),
    description: f.description.trim() || undefined,
    icon: f.icon.trim() || undefined,
    playText: f.playText.trim() || undefined,
    scoreMin: whole(f.scoreMin),
    scoreMax: whole(f.scoreMax),
    scoresPerMinute: whole(f.scoresPerMinute),
    credsIntegrated: cap > 0,
    dailyRewardCap: cap,
    presenceUrl: external ? f.presenceUrl.trim() || undefined : undefined,
  };
}
