import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Gift artwork drawn from open emoji sets installed from npm (licences and attribution on the
 * about page and in docs/gifts.md): a recipe "twemoji:<codepoints>" or "openmoji:<codepoints>"
 * names one SVG of the set. Only the files the catalogue names are ever read, once each, into
 * memory: the sets' thousands of other files are never served or bundled.
 */
export const EMOJI_ART = /^(twemoji|openmoji):([0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,6})$/i;

const SETS: Record<string, { pkg: string; dir: string; file: (codepoints: string) => string }> = {
  twemoji: { pkg: '@twemoji/svg', dir: '.', file: (cp) => `${cp.toLowerCase()}.svg` },
  openmoji: { pkg: 'openmoji', dir: 'color/svg', file: (cp) => `${cp.toUpperCase()}.svg` },
};

function packageDir(pkg: string): string | undefined {
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
  } catch {
    return undefined;
  }
}

const read = new Map<string, string | null>();

/** The SVG an emoji recipe names, or undefined (not an emoji recipe, or no such file). */
export function emojiSvg(recipe: string): string | undefined {
  const match = EMOJI_ART.exec(recipe);
  if (!match) return undefined;
  if (!read.has(recipe)) {
    const set = SETS[match[1].toLowerCase()];
    const dir = packageDir(set.pkg);
    const file = dir && path.join(dir, set.dir, set.file(match[2]));
    read.set(recipe, file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  }
  return read.get(recipe) ?? undefined;
}

/** Whether a recipe is an emoji recipe whose file the installed set has (admins' input is checked). */
export const emojiArtExists = (recipe: string) => emojiSvg(recipe) !== undefined;
