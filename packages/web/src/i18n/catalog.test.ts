import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accountEs } from './account.es';
import { adminEs } from './admin.es';
import { buddiesEs } from './buddies.es';
import { chatEs } from './chat.es';
import { en } from './en';
import { ephemeralEs } from './ephemeral.es';
import { es as eager } from './es';
import { gamesEs } from './games.es';
import { giftsEs } from './gifts.es';
import { findLiterals } from './literalScan';
import { liveEs } from './live.es';
import { messagingEs } from './messaging.es';
import { peopleEs } from './people.es';
import { photosEs } from './photos.es';
import { premiumEs } from './premium.es';
import { rewardsEs } from './rewards.es';
import { settingsEs } from './settings.es';
import { storiesEs } from './stories.es';
import { webpushEs } from './webpush.es';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * The parts that register themselves (i18n/es.ts), each with the feature folder of the texts.ts
 * that registers it.
 */
const LAZY_PARTS: [feature: string, part: Record<string, string>][] = [
  ['account', accountEs],
  ['admin', adminEs],
  ['buddies', buddiesEs],
  ['messaging', messagingEs],
  ['people', peopleEs],
  ['chat', chatEs],
  ['ephemeral', ephemeralEs],
  ['games', gamesEs],
  ['gifts', giftsEs],
  ['photos', photosEs],
  ['premium', premiumEs],
  ['rewards', rewardsEs],
  ['account', settingsEs],
  ['stories', storiesEs],
  ['webpush', webpushEs],
  ['live', liveEs],
];

/** Every Spanish text: the eager catalog with the parts that features register when they load. */
const es = Object.assign({}, eager, ...LAZY_PARTS.map(([, part]) => part)) as typeof eager;

/** Keys a module names: whole ones ('a.b') and template prefixes (`a.b.${x}` gives 'a.b.'). */
function namedKeys(text: string): { whole: Set<string>; prefixes: string[] } {
  const whole = new Set<string>();
  const prefixes: string[] = [];
  for (const m of text.matchAll(/['`]([a-z][a-zA-Z]*\.[a-zA-Z0-9_.]*)('|`|\$\{)/g)) {
    if (m[2] === '${') prefixes.push(m[1]);
    else whole.add(m[1]);
  }
  return { whole, prefixes };
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogs', () => {
  it('Spanish and English have exactly the same keys', () => {
    const esKeys = Object.keys(es).sort();
    const enKeys = Object.keys(en).sort();
    expect(enKeys.filter((k) => !(k in es))).toEqual([]);
    expect(esKeys.filter((k) => !(k in en))).toEqual([]);
  });

  it('no entry is empty and both languages use the same placeholders', () => {
    for (const key of Object.keys(es) as (keyof typeof es)[]) {
      expect(es[key].trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      expect(placeholders(en[key]), key).toEqual(placeholders(es[key]));
    }
  });

  it('carries the fixed texts exactly', () => {
    expect(es['home.mustBeLoggedIn']).toBe('Inicia sesión para continuar');
    expect(es['status.saved']).toBe('Actualizaciones guardadas');
    expect(es['verify.now']).toBe('Verificar ahora');
    expect(es['verify.later']).toBe('Tal vez más tarde');
    expect(es['toast.processing']).toBe('Procesando');
    expect(es['error.default']).toBe(
      'Hubo un problema. Se lo comunicamos al equipo de asistencia técnica. Vuelve a intentarlo.',
    );
    expect(en['share.copied']).toBe('Copied!');
  });

  it('every key the code asks for exists', () => {
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        if (!(match[1] in es)) missing.push(`${relative(SRC, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('no literal strings in components', () => {
  it('the scanner catches visible literals (self-check)', () => {
    const sample = `export const A = () => <div title="Hola"><p>Bienvenido</p>{'texto'}<img alt="foto" /><b>{count} ·</b></div>;`;
    expect(findLiterals(sample).map((l) => l.text)).toEqual(['Hola', 'Bienvenido', 'texto', 'foto']);
    expect(findLiterals(`const B = () => <span aria-hidden="true">×</span>;`)).toEqual([]);
  });

  it('no component holds user-visible literal text', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC).filter((f) => f.endsWith('.tsx'))) {
      for (const literal of findLiterals(readFileSync(file, 'utf8'), file)) {
        offenders.push(`${relative(SRC, file)}:${literal.line} "${literal.text}"`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('a module that names a lazily registered text imports the texts that register it', () => {
    const unregistered: string[] = [];
    for (const file of sources(SRC)) {
      if (file.includes(`${join('src', 'i18n')}`)) continue;
      const text = readFileSync(file, 'utf8');
      const { whole, prefixes } = namedKeys(text);
      for (const [feature, part] of LAZY_PARTS) {
        const keys = Object.keys(part);
        const names = keys.some((k) => whole.has(k) || prefixes.some((p) => k.startsWith(p)));
        if (!names) continue;
        const own = relative(join(SRC, 'features', feature), file) === basename(file);
        const imported = own ? './texts' : `../${feature}/texts`;
        if (
          !text.includes(`import '${imported}';`) &&
          !text.includes(`import '../../features/${feature}/texts';`)
        )
          unregistered.push(`${relative(SRC, file)}: ${feature}`);
      }
    }
    expect(unregistered).toEqual([]);
  });

  it('the first load carries none of the lazily registered parts', () => {
    for (const [, part] of LAZY_PARTS)
      for (const key of Object.keys(part)) expect(key in eager, key).toBe(false);
  });
});
