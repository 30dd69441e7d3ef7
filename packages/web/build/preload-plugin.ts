import type { Plugin } from 'vite';

const HOME_ROUTE = '/src/features/home/route.tsx';

/**
 * Adds preload links for the home page's own chunk (its route module and the chunks it imports)
 * to index.html. Not its styles: every page is served this HTML, and Chromium warns in the console
 * of any other page that a preloaded stylesheet went unused (module preloads raise no warning). Without them the browser learns of that chunk only once the entry
 * has run and the router asks for the page: one more round trip before the first paint of `/`,
 * the page every visit starts on (tools/bench/lighthouse.ts). Other pages fetch a few KiB more.
 */
export function preloadHome(): Plugin {
  return {
    name: 'tertulia-preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry && c.name === 'main');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith(HOME_ROUTE));
        if (!entry || !home) return [];
        const loaded = new Set<string>();
        const visit = (fileName: string, into: Set<string>) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || into.has(fileName)) return;
          into.add(fileName);
          for (const dep of chunk.imports) visit(dep, into);
        };
        visit(entry.fileName, loaded);
        const wanted = new Set<string>();
        visit(home.fileName, wanted);
        const files = [...wanted].filter((f) => !loaded.has(f));
        return files.map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
