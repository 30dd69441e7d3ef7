// Hand-made SVG artwork: the street's buildings, empty lots and the crew's portraits. Strings, so
// the game needs no image files for them and they scale crisply on any screen.

type Kind = 'kiosk' | 'workshop' | 'barricade' | 'gym';
type Crew = 'bruiser' | 'guard' | 'runner';

const svg = (body: string, view = '0 0 120 120') =>
  `<svg viewBox="${view}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${body}</svg>`;

const ground = `<rect x="0" y="96" width="120" height="24" fill="#3b3f4a"/><rect x="0" y="96" width="120" height="4" fill="#5a5f6c"/>
<g fill="#f5d061">${[8, 38, 68, 98].map((x) => `<rect x="${x}" y="108" width="14" height="3" rx="1"/>`).join('')}</g>`;

const windows = (xs: number[], ys: number[], color: string) =>
  xs
    .flatMap((x) =>
      ys.map((y) => `<rect x="${x}" y="${y}" width="10" height="10" rx="1.5" fill="${color}" class="win"/>`),
    )
    .join('');

/** A building on its lot, by kind (the street view's tile). */
export function building(kind: Kind): string {
  switch (kind) {
    case 'kiosk':
      return svg(`${ground}
<rect x="26" y="52" width="68" height="44" rx="3" fill="#2f9e8f"/>
<path d="M20 40h80l-6 14H26z" fill="#e4572e"/>
${[0, 1, 2, 3, 4].map((i) => `<path d="M${26 + i * 14} 40h7l-2 14h-7z" fill="#fff4e0"/>`).join('')}
<rect x="32" y="60" width="56" height="20" rx="2" fill="#12343b"/>
<g fill="#f5d061"><circle cx="42" cy="72" r="4"/><rect x="52" y="66" width="8" height="12" rx="1" fill="#e4572e"/><rect x="66" y="68" width="14" height="10" rx="1" fill="#9bc1bc"/></g>
<rect x="36" y="82" width="48" height="6" rx="2" fill="#1f6f64"/>
<text x="60" y="36" text-anchor="middle" font-size="11" font-weight="800" fill="#fff4e0" font-family="system-ui">24h</text>`);
    case 'workshop':
      return svg(`${ground}
<rect x="14" y="30" width="92" height="66" rx="3" fill="#7a5c99"/>
<rect x="14" y="26" width="92" height="8" rx="2" fill="#5b4173"/>
<rect x="24" y="52" width="50" height="44" fill="#c9ccd5"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="24" y="${55 + i * 7}" width="50" height="2" fill="#9a9eab"/>`).join('')}
${windows([82], [44, 62], '#f5d061')}
<circle cx="49" cy="40" r="7" fill="#f5d061"/><path d="M45 40h8M49 36v8" stroke="#5b4173" stroke-width="2.5"/>`);
    case 'barricade':
      return svg(`${ground}
<rect x="12" y="70" width="30" height="26" fill="#b5835a"/><path d="M12 70l30 26M42 70L12 96" stroke="#8a5f3d" stroke-width="3"/>
<rect x="78" y="66" width="30" height="30" fill="#b5835a"/><path d="M78 66l30 30M108 66L78 96" stroke="#8a5f3d" stroke-width="3"/>
<rect x="40" y="56" width="40" height="40" fill="#c99a6b"/><path d="M40 56l40 40M80 56L40 96" stroke="#8a5f3d" stroke-width="3"/>
<ellipse cx="60" cy="50" rx="18" ry="7" fill="#2b2d33"/><ellipse cx="60" cy="50" rx="8" ry="3" fill="#4a4d57"/>
<path d="M8 64l104-8" stroke="#e4572e" stroke-width="5" stroke-dasharray="10 8"/>`);
    case 'gym':
      return svg(`${ground}
<rect x="18" y="22" width="84" height="74" rx="3" fill="#e4572e"/>
<rect x="18" y="22" width="84" height="16" fill="#b8401f"/>
<g fill="#fff4e0"><rect x="38" y="27" width="44" height="6" rx="3"/><rect x="32" y="24" width="8" height="12" rx="2"/><rect x="80" y="24" width="8" height="12" rx="2"/></g>
${windows([28, 46, 64, 82], [46], '#fff4e0')}
<rect x="48" y="66" width="24" height="30" rx="2" fill="#12343b"/><circle cx="67" cy="82" r="1.8" fill="#f5d061"/>`);
  }
}

/** An empty lot: a fence, weeds and a sign, waiting for a building. */
export function emptyLot(): string {
  return svg(`${ground}
<rect x="10" y="86" width="100" height="10" fill="#6b5b45"/>
${[14, 30, 46, 62, 78, 94].map((x) => `<rect x="${x}" y="62" width="6" height="34" rx="2" fill="#9aa0ac"/>`).join('')}
<rect x="10" y="68" width="100" height="4" fill="#7c828f"/>
<path d="M20 96c2-8 4-8 6 0M70 96c2-10 5-10 7 0M96 96c1-6 3-6 4 0" stroke="#5f9e4f" stroke-width="3" fill="none"/>
<rect x="44" y="34" width="32" height="22" rx="2" fill="#fff4e0" stroke="#3b3f4a" stroke-width="2"/>
<path d="M60 56v8" stroke="#3b3f4a" stroke-width="3"/>
<path d="M60 39v12M54 45h12" stroke="#2f9e8f" stroke-width="4" stroke-linecap="round"/>`);
}

const SKIN = ['#f1c27d', '#c68642', '#8d5524'];

/** A crew member's portrait (or a rival's, by `tone`). */
export function portrait(kind: Crew, tone = 0): string {
  const skin = SKIN[tone % SKIN.length];
  const shirt = { bruiser: '#e4572e', guard: '#2e5eaa', runner: '#2f9e8f' }[kind];
  const head = `<circle cx="60" cy="50" r="22" fill="${skin}"/>
<circle cx="52" cy="50" r="2.6" fill="#1b1b1f"/><circle cx="68" cy="50" r="2.6" fill="#1b1b1f"/>`;
  const body = `<path d="M22 120c2-26 18-38 38-38s36 12 38 38z" fill="${shirt}"/>`;
  const extra = {
    bruiser: `<path d="M36 42c0-18 48-18 48 0v-6c0-10-48-10-48 0z" fill="#1b1b1f"/><path d="M36 38h56l-4 6H36z" fill="#1b1b1f"/>
<path d="M52 62q8 4 16 0" stroke="#7a2f1c" stroke-width="3" fill="none"/><path d="M44 44l10 2" stroke="#1b1b1f" stroke-width="3"/>
<path d="M24 120c0-16 6-26 14-30v30z" fill="#b8401f"/><path d="M96 120c0-16-6-26-14-30v30z" fill="#b8401f"/>`,
    guard: `<path d="M38 40c2-16 42-16 44 0" fill="#3b3f4a"/><rect x="44" y="45" width="32" height="9" rx="4" fill="#1b1b1f"/>
<path d="M53 64h14" stroke="#7a2f1c" stroke-width="3"/><path d="M50 82l10 14 10-14" fill="#fff4e0"/><path d="M58 84h4v20h-4z" fill="#1b1b1f"/>`,
    runner: `<path d="M38 40q22-14 44 0v-4q-22-12-44 0z" fill="#f5d061"/><path d="M80 38l12 6-12 2z" fill="#f5d061"/>
<path d="M52 62q8 6 16 0" stroke="#7a2f1c" stroke-width="3" fill="none"/><path d="M44 96l10-8M76 96l-10-8" stroke="#fff4e0" stroke-width="4"/>`,
  }[kind];
  return svg(`<rect width="120" height="120" rx="18" fill="#232633"/>${body}${head}${extra}`);
}

/** Coins for the cash counter. */
export const coin = svg(
  '<circle cx="12" cy="12" r="10" fill="#f5d061" stroke="#b8901f" stroke-width="2"/><text x="12" y="16.5" text-anchor="middle" font-size="12" font-weight="900" fill="#8a6a12" font-family="system-ui">$</text>',
  '0 0 24 24',
);

/** The skyline behind the street (decoration). */
export const skyline = svg(
  `<rect width="400" height="90" fill="none"/>
<g fill="#2a2e3d">${[
    [0, 40, 50],
    [46, 20, 40],
    [82, 50, 36],
    [114, 10, 44],
    [154, 34, 30],
    [180, 24, 52],
    [228, 46, 34],
    [258, 14, 40],
    [294, 36, 48],
    [338, 22, 30],
    [364, 44, 36],
  ]
    .map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${90 - y}"/>`)
    .join('')}</g>
<g fill="#f5d061" opacity=".55">${Array.from({ length: 26 }, (_, i) => `<rect x="${8 + ((i * 53) % 390)}" y="${30 + ((i * 17) % 50)}" width="4" height="5"/>`).join('')}</g>`,
  '0 0 400 90',
);
