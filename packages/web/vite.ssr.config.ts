import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { slimContract } from './build/contract-plugin.ts';

/**
 * The server's render of the visitor pages (src/entry-server.tsx, docs/first-paint.md): a second,
 * Node build of the same sources, loaded by the server at start (packages/server/src/http/
 * server-render.ts). Same contract plugin and CSS transformer as vite.config.ts, so CSS module
 * class names and texts are the ones the browser's build hydrates; the client build's chunking
 * is left alone.
 */
export default defineConfig({
  plugins: [slimContract(), react()],
  css: { transformer: 'lightningcss' },
  // React, the router and the query cache are bundled in their production builds: left to Node,
  // they would run their development builds (no NODE_ENV in a plain `npm start`), slower and
  // noisy with warnings meant for a developer's console.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    noExternal: [
      'react',
      'react-dom',
      'scheduler',
      'react-router',
      '@tanstack/react-query',
      '@tanstack/query-core',
    ],
  },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { checks: { pluginTimings: false } },
  },
});
