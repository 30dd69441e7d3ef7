import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/compress-plugin.ts';
import { slimContract } from './build/contract-plugin.ts';
import { gamesSdk } from './build/games-sdk-plugin.ts';
import { precacheManifest } from './build/precache-plugin.ts';
import { preloadHome } from './build/preload-plugin.ts';
import { reactRouterProduction } from './build/react-router-plugin.ts';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/** The shell every page runs: api client and hooks, Spanish catalogs, app frame, features' setup files. */
const SHELL =
  /src[\\/](api[\\/]([a-z]+|areas[\\/](buddyCounts|define|feed|localMessages|messaging|suggestions|user))\.ts|i18n[\\/](i18n|es|core\.es|feed\.es|home\.es)\.ts|app[\\/][a-zA-Z]+\.tsx?|features[\\/][a-z]+[\\/](setup\.tsx?|dialogs\.ts)|features[\\/]home[\\/](Home\.module\.css|tips\.ts))$/;
/** The small parts every member list and the home draw (avatar, name, presence, rich text, the list). */
const MEMBER_PARTS =
  /src[\\/](ui[\\/]member[\\/](Avatar|Presence|UserLink|presence|images|profileCard)\.tsx?|ui[\\/]member[\\/]Member\.module\.css|features[\\/]people[\\/]rules\.ts|features[\\/]people[\\/]People\.module\.css|ui[\\/]list[\\/]InfiniteList\.tsx|ui[\\/]markup[\\/]RichText(\.module\.css|\.tsx))$/;
/** Who is live (the home's live strip, the live pages). */
const LIVE_AREA = /src[\\/]api[\\/]areas[\\/]live\.ts$/;

export default defineConfig({
  plugins: [
    slimContract(),
    reactRouterProduction(),
    react(),
    precacheManifest(),
    preloadHome(),
    gamesSdk(),
    precompress(),
  ],
  // Lightning CSS compiles our CSS modules: PostCSS's modules plugin re-parsed each file named in
  // a `composes: x from` without its source, which Vite reported as a PostCSS `from` warning.
  css: { transformer: 'lightningcss' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The bench reads the manifest to sum the home page's initial chunks.
    manifest: true,
    rollupOptions: {
      // The contract plugin's one evaluation of the contract (~1.5 s) is most of a build's plugin
      // time by design; the timing report would print on every build.
      checks: { pluginTimings: false },
      // The service worker is its own entry with a stable name: it must live at /sw.js to
      // control the whole origin.
      input: { main: 'index.html', sw: 'src/sw/sw.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        // Stable, named vendor chunks: they change less often than app code, so they stay cached
        // across deploys. Only libraries every page needs are grouped; the rest split by use.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The shell every page runs (api client and hooks, catalogs in Spanish, app frame, the
            // features' setup files and what they import) as one chunk: thirty small chunks
            // compressed apart cost ~7 KiB gzipped more than one (tools/bench/web-bundle.ts).
            {
              name: 'app',
              // The home page's class names and tips, a few hundred bytes each, ride along: as
              // chunks of their own each cost a request (~0.3 KiB of headers) on every first visit.
              // So do the small parts member lists draw and the live area: both homes (visitor's
              // and member's) show them, and apart they were two requests more (first-load.e2e.test.ts).
              test: (id) => SHELL.test(id) || MEMBER_PARTS.test(id) || LIVE_AREA.test(id),
            },
            // The member home's feed (the list, its items, likes, the stories strip, the notifications
            // header): one chunk instead of nine, each of which cost a request's headers on the member
            // home's first visit (first-load.e2e.test.ts measured 157 KiB before, 150 KiB budget).
            // Not the comments (Comments.tsx): they load with the first item that shows some.
            {
              name: 'feed',
              test: /src[\\/](features[\\/](feed[\\/](Feed|FeedItem|NotificationsHeader|EventBody|rules|reactions|template|useNewPosts|homeParts)\.tsx?|feed[\\/](Feed|Notifications)\.module\.css|stories[\\/](StoriesStrip\.tsx|rules\.ts|Stories\.module\.css))|ui[\\/]like[\\/](LikeButton\.(tsx|module\.css)|likesDialog\.ts))$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/servlet': {
        target: API_ORIGIN,
        ws: true,
        // Host stays the page's (no changeOrigin), so the server's same-origin check sees the
        // browser's Origin and Host agree, exactly as in production.
      },
      // Language change is a GET of the home path with ?locale=: the server sets the cookie.
      '^/\\?locale=': { target: API_ORIGIN, autoRewrite: true },
    },
  },
});
