import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Where built-in games load the SDK from (a classic script: sandboxed frames have no origin for module CORS). */
export const GAMES_SDK_FILE = 'games-builtin/sdk.js';
const ENTRY = fileURLToPath(new URL('../../games-sdk/src/index.ts', import.meta.url));

/** The games SDK (packages/games-sdk) as one script that defines `window.TertuliaGames`. */
async function bundleSdk(): Promise<string> {
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'TertuliaGames',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  });
  return out.outputFiles[0].text;
}

/**
 * Ships the SDK beside the built-in games under our static path (public/games-builtin/), in the build and
 * in the dev server, so a game of ours loads it from `/games-builtin/sdk.js` (docs/games-container.md).
 */
export function gamesSdk(): Plugin {
  return {
    name: 'tertulia-games-sdk',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: GAMES_SDK_FILE, source: await bundleSdk() });
    },
    configureServer(server) {
      server.middlewares.use(`/${GAMES_SDK_FILE}`, (_req, res, next) => {
        bundleSdk().then((code) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.end(code);
        }, next);
      });
    },
  };
}
