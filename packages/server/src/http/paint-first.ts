import { createHash } from 'node:crypto';

/**
 * A page the server rendered starts its scripts after the browser has painted it (docs/first-paint.md,
 * "Paint, then run"). The built page's entry is a module script, which the browser runs as soon as
 * parsing ends and the file is in: with the file cached or quick to come, it ran the app (hydration,
 * some hundred ms of a phone's CPU) before the first frame, and the rendered HTML waited for it.
 * Lighthouse's simulation then counted every script as needed by the first paint: first paint
 * 2.4-2.6 s on slow 4G against 0.7 s when the paint came first (tools/bench/README.md, session 14).
 * The module preloads go with it: fetched during the first paint, they shared slow 4G with the
 * HTML and were counted as the paint's too.
 *
 * The entry becomes this inline script: after the next frame (or half a second, where a background
 * tab gives no frames) it adds the preloads and the module script. Its text is constant, so the
 * CSP allows it by hash; the addresses travel in its data attributes.
 */
const LOADER =
  '(function(s){var d=0;function add(e,a){e.crossOrigin="";for(var k in a)e[k]=a[k];document.head.appendChild(e)}' +
  'function go(){if(d)return;d=1;var p=(s.dataset.preload||"").split(" ");' +
  'for(var i=0;i<p.length;i++)if(p[i])add(document.createElement("link"),{rel:"modulepreload",href:p[i]});' +
  'add(document.createElement("script"),{type:"module",src:s.dataset.entry})}' +
  'requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,500)})(document.currentScript)';

/** The CSP source that allows the loader and nothing else inline. */
export const PAINT_FIRST_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

const ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)"\s*\/?>/g;

/** A rendered page whose scripts load and run after its first paint (unchanged if it has no entry). */
export function paintFirst(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const loader = `<script data-entry="${entry[1]}" data-preload="${preloads.join(' ')}">${LOADER}</script>`;
  return html.replace(PRELOAD, '').replace(entry[0], () => loader);
}
