import { GameKind, GameStatus } from '@tertulia/contract';
import { loadConfig } from '../packages/server/src/config';
import { createDb, migrateToLatest } from '../packages/server/src/db/index';
import { gameRooms } from '../packages/server/src/features/chat/game-rooms';
import { gameAdmin } from '../packages/server/src/features/games/admin';
import { catalogueStore } from '../packages/server/src/features/games/catalogue-store';
import { tokenStore } from '../packages/server/src/features/games/token-store';
import { ApiError } from '../packages/server/src/http/errors';
import { translate } from '../packages/server/src/i18n/messages';

/**
 * The games catalogue for operators (docs/games.md, "Registering games"), the same use cases as
 * the admin calls, as the admin named by `--by`:
 *   game list
 *   game register NAME --builtin SLUG | --url https://... [--gid N] [--featured] --by ADMIN
 *   game feature|unfeature GID --by ADMIN
 *   game activate|hide|retire GID --by ADMIN
 */
export const GAME_USAGE =
  'usage: npm run admin -- game list | game register NAME (--builtin SLUG | --url URL) [--gid N] [--featured] | game feature|unfeature|activate|hide|retire GID  (each but list with --by ADMIN)';

const STATUS_BY_COMMAND: Record<string, string> = {
  activate: GameStatus.ACTIVE,
  hide: GameStatus.HIDDEN,
  retire: GameStatus.RETIRED,
};

/** The value after a flag (`--url x`), removed from the list. */
function take(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
}

export async function runGames(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const args = [...argv];
  const actorName = take(args, '--by');
  const featured = args.includes('--featured');
  if (featured) args.splice(args.indexOf('--featured'), 1);
  const slug = take(args, '--builtin');
  const url = take(args, '--url');
  const gidText = take(args, '--gid');
  const [command, ...rest] = args;
  const db = await createDb(loadConfig(env));
  try {
    await migrateToLatest(db);
    const catalogue = catalogueStore(db);
    const tokens = tokenStore(db);
    const admin = gameAdmin(catalogue, { revokeGame: (gid) => tokens.deleteForGame(gid) }, gameRooms(db));
    if (command === 'list') {
      const games = await admin.list(1, 100);
      return (
        games
          .map((g) => `${g.id}\t${g.status}${g.isFeatured ? ' featured' : ''}\t${g.name}\t${g.url}`)
          .join('\n') || 'no games'
      );
    }
    const actor = actorName
      ? await db
          .selectFrom('users')
          .selectAll()
          .where('name_lower', '=', actorName.toLowerCase())
          .executeTakeFirst()
      : undefined;
    if (!actor) throw new Error(GAME_USAGE);
    if (!actor.is_admin) throw new Error(`"${actorName}" is not an admin`);
    if (command === 'register') {
      const name = rest.join(' ').trim();
      if (!name || (!slug && !url)) throw new Error(GAME_USAGE);
      const game = await admin.register(actor, {
        name,
        kind: slug ? GameKind.BUILTIN : GameKind.EXTERNAL,
        slug,
        url,
        gid: gidText ? Number(gidText) : undefined,
      });
      if (featured) await admin.setStatus({ gid: game.id, featured: true });
      return `game ${game.id} registered: ${game.name} at ${game.url}`;
    }
    const gid = Number(rest[0]);
    if (!Number.isInteger(gid) || gid < 1) throw new Error(GAME_USAGE);
    if (command === 'feature' || command === 'unfeature') {
      await admin.setStatus({ gid, featured: command === 'feature' });
      return `game ${gid}: ${command}d`;
    }
    const status = STATUS_BY_COMMAND[command];
    if (!status) throw new Error(GAME_USAGE);
    await admin.setStatus({ gid, status });
    return `game ${gid}: ${status}`;
  } catch (error) {
    // A use case's refusal carries a catalog key: the operator reads the member-facing text.
    if (error instanceof ApiError) throw new Error(translate('es', error.key, error.vars));
    throw error;
  } finally {
    await db.destroy();
  }
}
