import { api, type CuatroMatch, type Endpoint } from '@tertulia/contract';
import type { buildApp } from '../../packages/server/src/app';
import { CUATRO_SLUG } from '../../packages/server/src/features/games/modules/cuatro';
import { replay, suggestMove } from '../../packages/server/src/features/games/modules/cuatro-rules';
import { type DemoApi, demoApi } from './_api';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** Demo members the bot plays for: they accept challenges and answer moves after a short pause. */
export const CUATRO_BOTS = ['mateo', 'valentina', 'diego', 'camila'] as const;

/** The game's id: the catalogue entry the server made at start (or, on an older install, registered here). */
export async function cuatroGid(app: App, d: DemoApi = demoApi(app)): Promise<number> {
  const listing = (await d.call('admin', api.gameAdmin.getGames, { limit: 100 })).AdminGame as {
    id: number;
    slug?: string;
  }[];
  const found = listing.find((g) => g.slug === CUATRO_SLUG);
  if (found) return found.id;
  const made = await d.call('admin', api.gameAdmin.registerGame, {
    name: 'Cuatro en raya',
    kind: 'builtin',
    slug: CUATRO_SLUG,
    description: 'Cuatro en raya en vivo contra tus amigos, con reloj.',
  });
  return (made.AdminGame as { id: number }[])[0].id;
}

/** One member acting in the game: a token (renewed when refused) and the game's calls. */
function player(d: DemoApi, gid: number, name: string) {
  let token = '';
  async function call(e: Endpoint, p: Record<string, unknown> = {}, allow: number[] = [409, 400, 403]) {
    if (!token)
      token = ((await d.call(name, api.game.getOAuthToken, { gid })).GameToken as { token: string }[])[0]
        .token;
    const answer = await d.call(name, e, { gameId: gid, token, ...p }, [...allow, 401]);
    if (!answer.CuatroMatch && /token/i.test(String(answer.message))) token = '';
    const lobby = answer.CuatroLobby as { matches: CuatroMatch[] }[] | undefined;
    return (answer.CuatroMatch ?? lobby?.[0]?.matches ?? []) as CuatroMatch[];
  }
  return { name, call, uid: () => d.uid(name) };
}

/** Plays a match from its start: each side's moves in turn on the version it saw. */
async function playOut(
  a: ReturnType<typeof player>,
  b: ReturnType<typeof player>,
  match: CuatroMatch,
  columns: number[],
) {
  let m = match;
  for (const column of columns) {
    const who =
      m.turn === 1 ? (m.red.uid === (await a.uid()) ? a : b) : m.yellow?.uid === (await a.uid()) ? a : b;
    m = (await who.call(api.game.cuatroMove, { matchId: m.id, column, version: m.version }))[0] ?? m;
  }
  return m;
}

async function started(inviter: ReturnType<typeof player>, invitee: ReturnType<typeof player>) {
  const [invited] = await inviter.call(api.game.cuatroChallenge, { opponentId: await invitee.uid() });
  if (invited.status !== 'invited') return invited;
  return (await invitee.call(api.game.cuatroAnswer, { matchId: invited.id, accept: true }))[0];
}

/**
 * Cuatro en raya's demo: lucia beat mateo (finished, in her friends' feeds), valentina and camila
 * drew nothing yet (a running match lucia may watch), and carlos's challenge waits for lucia.
 * A rerun adds nothing while those matches exist.
 */
export async function seedCuatroDemo(app: App): Promise<number> {
  const d = demoApi(app);
  const gid = await cuatroGid(app, d);
  const [lucia, mateo, valentina, camila, carlos] = ['lucia', 'mateo', 'valentina', 'camila', 'carlos'].map(
    (n) => player(d, gid, n),
  );
  const already = (await lucia.call(api.game.cuatroMatches)).length > 0;
  if (already) return gid;
  const first = await started(lucia, mateo);
  await playOut(lucia, mateo, first, [3, 2, 3, 2, 4, 4, 5, 1, 6]); // lucia: three then four across the bottom
  const running = await started(valentina, camila);
  await playOut(valentina, camila, running, [3, 3, 4, 2]);
  await carlos.call(api.game.cuatroChallenge, { opponentId: await lucia.uid() });
  return gid;
}

/**
 * The demo's opponents (run by `npm run demo` beside the demo activity, never by the server): every
 * couple of seconds each bot accepts challenges sent to it, answers its turns with the rules'
 * suggested move, and after a match between two bots offers (or accepts) the rematch, so friends
 * always find a live match to watch.
 */
export function startCuatroBot(app: App, gid: number, log: (line: string) => void, every = 2000) {
  const d = demoApi(app);
  const bots = CUATRO_BOTS.map((n) => player(d, gid, n));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const botIds = new Set<number>();

  async function turn(bot: ReturnType<typeof player>) {
    const me = await bot.uid();
    botIds.add(me);
    const matches = await bot.call(api.game.cuatroMatches);
    const busy = matches.some((m) => m.status === 'playing' || m.status === 'invited');
    for (const m of matches) {
      const side = m.red.uid === me ? 1 : m.yellow?.uid === me ? 2 : 0;
      if (!side) continue;
      if (m.status === 'invited' && m.inviterId !== me) {
        await bot.call(api.game.cuatroAnswer, { matchId: m.id, accept: true });
        log(`cuatro: ${bot.name} accepted match ${m.id}`);
      } else if (m.status === 'playing' && m.turn === side) {
        // The pause before answering is the loop's own: a move lands on the next round.
        const position = replay(m.moves);
        if (position)
          await bot.call(api.game.cuatroMove, {
            matchId: m.id,
            column: suggestMove(position),
            version: m.version,
          });
      } else if (m.status === 'finished' && !m.rematchId && !busy) {
        const other = side === 1 ? m.yellow?.uid : m.red.uid;
        if (other && botIds.has(other)) await bot.call(api.game.cuatroRematch, { matchId: m.id });
        break; // one rematch at a time
      }
    }
  }

  async function loop() {
    for (const bot of bots) if (!stopped) await turn(bot).catch((e) => log(`cuatro bot ${bot.name}: ${e}`));
    if (!stopped) timer = setTimeout(loop, every);
  }
  timer = setTimeout(loop, every);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
