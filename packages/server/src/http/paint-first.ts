import { createHash } from 'node:crypto';

/**
 * A page the server rendered starts its scripts after the browser has painted it (docs/first-paint.md,
 * "Paint, then run"). The built page's entry is a module script, which the browser runs as soon as
 * parsing ends and the file is in: with the file cached or quick to come, it ran the app (hydration,
 * some hundred ms of a phone's CPU) before the first frame, and the rendered HTML waited for it.
 * Lighthouse's simulation then counted every script as needed by the first paint: first paint
 * 2.4-2.6 s on slow 4G against 0.8 s when the paint came first (tools/bench/README.md, session 14).
 *
 * The entry becomes this inline script: after the next frame (or half a second, where a background
 * tab gives no frames) it adds the module script. Its modulepreloads stay in the head, so the code
 * still downloads while the page paints. Its text is constant, so the CSP allows it by hash.
 */
const LOADER =
  '(function(s){var d=0;function go(){if(d)return;d=1;var m=document.createElement("script");' +
  'm.type="module";m.crossOrigin="";m.src=s.dataset.entry;document.head.appendChild(m)}' +
  'requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,500)})(document.currentScript)';

/** The CSP source that allows the loader and nothing else inline. */
export const PAINT_FIRST_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

const ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** A rendered page whose entry script runs after its first paint (unchanged if it has none). */
export function paintFirst(html: string): string {
  return html.replace(ENTRY, (_tag, src: string) => `<script data-entry="${src}">${LOADER}</script>`);
}
