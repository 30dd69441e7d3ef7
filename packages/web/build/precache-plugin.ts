import type { Plugin } from 'vite';

/**
 * Writes the list of shell files into sw.js (placeholder `self.__PRECACHE__`), so the service
 * worker caches exactly what this build produced: index.html, the entry chunk, its static
 * imports and CSS, the home page's chunk, the manifest and icons. Other lazy chunks are cached
 * at runtime when first used.
 */
export function precacheManifest(): Plugin {
  return {
    name: 'tertulia-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      // index.html as built, not a page path: the server renders the home for visitors, and the
      // offline shell must be the same for everyone (docs/first-paint.md).
      const shell = new Set<string>([
        '/index.html',
        '/manifest.webmanifest',
        '/icons/icon.svg',
        '/icons/icon-192.png',
      ]);
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'main');
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || shell.has(`/${fileName}`)) return;
        shell.add(`/${fileName}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        for (const dep of chunk.imports) visit(dep);
      };
      if (entry) visit(entry.fileName);
      // The start page's own chunk too, so the installed app opens offline on its first screen.
      const home = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/features/home/route.tsx'),
      );
      if (home) visit(home.fileName);
      const sw = bundle['sw.js'];
      if (sw?.type === 'chunk') {
        const version = [...shell].join('|');
        sw.code = sw.code
          // Replacer functions: a `$` in a file name must not be read as a replacement pattern.
          .replace('self.__PRECACHE__', () => JSON.stringify([...shell]))
          .replace('self.__VERSION__', () => JSON.stringify(hash(version)));
      }
    },
  };
}

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
}
