import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Where built-in games load the SDK from (a classic script: sandboxed frames have no origin for module CORS). */
export const GAMES_SDK_FILE = 'games-builtin/sdk.js';
const ENTRY = fileURLToPath(new URL('../../games-sdk/src/index.ts', import.meta.url));
/** Our own games' clients: one folder per game, named by its slug (docs/games-container.md). */
const GAMES_DIR = fileURLToPath(new URL('../../games-builtin/', import.meta.url));
/** A game's entry, bundled to `game.js` beside its index.html. */
const GAME_ENTRY = 'main.ts';
const GAME_BUNDLE = 'game.js';
/** Source files are bundled from the entry, never copied; tests stay home. */
const SOURCE = new Set(['.ts', '.tsx', '.mts']);

/** One script that defines a global, for a sandboxed frame's classic <script>. */
async function bundle(entry: string, globalName?: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  });
  return out.outputFiles[0].text;
}

/** The games SDK (packages/games-sdk) as one script that defines `window.TertuliaGames`. */
const bundleSdk = () => bundle(ENTRY, 'TertuliaGames');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Each built-in game's files as they are served: its bundled entry, and everything else as is. */
async function builtinGameFiles(): Promise<Array<{ fileName: string; source: string | Uint8Array }>> {
  if (!existsSync(GAMES_DIR)) return [];
  const files: Array<{ fileName: string; source: string | Uint8Array }> = [];
  for (const game of readdirSync(GAMES_DIR, { withFileTypes: true })) {
    if (!game.isDirectory()) continue;
    const folder = join(GAMES_DIR, game.name);
    for (const path of filesUnder(folder)) {
      const inside = relative(folder, path).split(sep).join('/');
      const fileName = `games-builtin/${game.name}/`;
      if (inside === GAME_ENTRY) files.push({ fileName: fileName + GAME_BUNDLE, source: await bundle(path) });
      else if (!SOURCE.has(extname(path)))
        files.push({ fileName: fileName + inside, source: readFileSync(path) });
    }
  }
  return files;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
};

/**
 * Ships the SDK and our own games' clients under our static path `games-builtin/`, in the build
 * and in the dev server: the SDK at `/games-builtin/sdk.js`, and each folder of
 * `packages/games-builtin/<slug>/` at `/games-builtin/<slug>/` with its `main.ts` bundled to
 * `game.js` (docs/games-container.md). A new game needs only its folder.
 */
export function gamesSdk(): Plugin {
  return {
    name: 'tertulia-games-sdk',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: GAMES_SDK_FILE, source: await bundleSdk() });
      for (const file of await builtinGameFiles()) this.emitFile({ type: 'asset', ...file });
    },
    configureServer(server) {
      server.middlewares.use(`/${GAMES_SDK_FILE}`, (_req, res, next) => {
        bundleSdk().then((code) => {
          res.setHeader('content-type', TYPES['.js']);
          res.end(code);
        }, next);
      });
      server.middlewares.use('/games-builtin/', (req, res, next) => {
        const [slug, ...rest] = (req.url ?? '').split('?')[0].replace(/^\//, '').split('/');
        const inside = rest.join('/') || 'index.html';
        const folder = join(GAMES_DIR, slug ?? '');
        if (!slug || !/^[a-z0-9-]+$/.test(slug) || inside.includes('..') || !existsSync(folder))
          return next();
        const served =
          inside === GAME_BUNDLE
            ? bundle(join(folder, GAME_ENTRY))
            : Promise.resolve(readFileSync(join(folder, inside)));
        served.then((body) => {
          res.setHeader('content-type', TYPES[extname(inside)] ?? 'application/octet-stream');
          res.end(body);
        }, next);
      });
    },
  };
}
