import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type Emoticon,
  EmoticonCodepoint,
  type EmoticonName,
  EmoticonTheme,
  valuesOf,
} from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';

/** Where the emoticon images are served; a file's name carries its content hash. */
export const EMOTICON_URL_PREFIX = '/img/emoticons';

/**
 * Each theme's artwork: an npm package of open emoji SVGs (licences and attribution in the
 * README), the folder of its SVGs and how it names a code point's file.
 */
const SOURCES: Record<EmoticonTheme, { pkg: string; dir: string; file: (codepoint: string) => string }> = {
  [EmoticonTheme.DEFAULT]: { pkg: '@twemoji/svg', dir: '.', file: (cp) => `${cp}.svg` },
  [EmoticonTheme.CLASICO]: { pkg: 'openmoji', dir: 'color/svg', file: (cp) => `${cp.toUpperCase()}.svg` },
  [EmoticonTheme.CONTORNO]: { pkg: 'openmoji', dir: 'black/svg', file: (cp) => `${cp.toUpperCase()}.svg` },
};

/** A year, and never revalidated: a changed image gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface EmoticonArt {
  /** Themes with at least one image. */
  themes: EmoticonTheme[];
  /** The emoticons of a theme whose image exists, in shortcode order. */
  list(theme: EmoticonTheme): Emoticon[];
  /** The SVG served at `/img/emoticons/<theme>/<file>`, if it is one of ours. */
  file(theme: string, file: string): Buffer | undefined;
}

function packageDir(pkg: string): string | undefined {
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
  } catch {
    return undefined;
  }
}

/**
 * Reads the few images the shortcodes need from the artwork packages, once, into memory: only
 * those are served, never the packages' other thousands of files. A missing package or file
 * leaves that emoticon (or theme) out of the list rather than offering a broken image.
 */
export function loadEmoticonArt(): EmoticonArt {
  const lists = new Map<EmoticonTheme, Emoticon[]>();
  const files = new Map<string, Buffer>();
  for (const theme of valuesOf(EmoticonTheme)) {
    const source = SOURCES[theme];
    const dir = packageDir(source.pkg);
    const list: Emoticon[] = [];
    for (const [name, codepoint] of Object.entries(EmoticonCodepoint) as [EmoticonName, string][]) {
      if (!dir) break;
      const file = path.join(dir, source.dir, source.file(codepoint));
      if (!fs.existsSync(file)) continue;
      const svg = fs.readFileSync(file);
      const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
      const served = `${name}.${hash}.svg`;
      files.set(`${theme}/${served}`, svg);
      list.push({ name, path: theme, image: `${EMOTICON_URL_PREFIX}/${theme}/${served}` });
    }
    if (list.length) lists.set(theme, list);
  }
  return {
    themes: [...lists.keys()],
    list: (theme) => lists.get(theme) ?? [],
    file: (theme, file) => files.get(`${theme}/${file}`),
  };
}

let shared: EmoticonArt | undefined;
/** The art of this process, read on first use. */
export function emoticonArt(): EmoticonArt {
  shared ??= loadEmoticonArt();
  return shared;
}

/** GET /img/emoticons/<theme>/<name>.<hash>.svg: the image, cached for good. */
export function registerEmoticonRoute(app: FastifyInstance, art: EmoticonArt = emoticonArt()) {
  app.get<{ Params: { theme: string; file: string } }>(
    `${EMOTICON_URL_PREFIX}/:theme/:file`,
    (request, reply) => {
      const svg = art.file(request.params.theme, request.params.file);
      if (!svg) return reply.callNotFound();
      return reply.header('content-type', 'image/svg+xml').header('cache-control', IMMUTABLE).send(svg);
    },
  );
}
