import { giftImagePath } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { emojiSvg } from './emoji-art';

/**
 * Gift artwork (docs/gifts.md, "Artwork"): the catalogue's gifts name an open emoji SVG
 * ("twemoji:1f339", emoji-art.ts); an older recipe "<shape>:<colour>:<colour>" still draws a
 * generated shape (a gradient over a soft halo). Either is rendered to PNG at 96 px and, for
 * high-density screens, 192 px (the @2x variant).
 */
const SHAPES: Record<string, string> = {
  heart:
    'M48 84 C20 62 10 48 10 34 C10 22 19 14 30 14 C38 14 44 19 48 25 C52 19 58 14 66 14 C77 14 86 22 86 34 C86 48 76 62 48 84 Z',
  rose: 'M48 18 C60 18 70 28 68 40 C66 52 56 58 48 58 C40 58 30 52 28 40 C26 28 36 18 48 18 Z M46 58 L50 58 L50 86 L46 86 Z M50 70 C58 62 68 64 70 66 C64 72 56 74 50 74 Z',
  star: 'M48 10 L58 36 L86 37 L64 54 L72 82 L48 66 L24 82 L32 54 L10 37 L38 36 Z',
  gem: 'M28 18 L68 18 L86 38 L48 84 L10 38 Z M10 38 L86 38 M28 18 L38 38 L48 18 L58 38 L68 18',
  crown: 'M12 70 L16 28 L34 46 L48 18 L62 46 L80 28 L84 70 Z M14 74 L82 74 L82 82 L14 82 Z',
  cake: 'M16 50 L80 50 L80 84 L16 84 Z M22 36 L74 36 L74 50 L22 50 Z M46 20 L50 20 L50 36 L46 36 Z M48 8 C52 12 52 16 48 18 C44 16 44 12 48 8 Z',
  box: 'M14 38 L82 38 L82 52 L14 52 Z M20 52 L76 52 L76 86 L20 86 Z M44 38 L52 38 L52 86 L44 86 Z M48 36 C38 20 24 24 30 34 Z M48 36 C58 20 72 24 66 34 Z',
  balloon:
    'M48 10 C66 10 76 24 76 40 C76 58 60 70 48 70 C36 70 20 58 20 40 C20 24 30 10 48 10 Z M44 70 L52 70 L48 76 Z M48 76 C44 82 52 86 48 92',
  coffee:
    'M18 36 L70 36 L66 80 L22 80 Z M70 44 C84 44 84 64 68 64 L69 58 C76 58 76 50 70 50 Z M34 14 C30 20 38 24 34 30 M46 14 C42 20 50 24 46 30',
  flower:
    'M48 40 m-10 0 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0 M48 12 C58 12 58 30 48 30 C38 30 38 12 48 12 Z M48 50 C58 50 58 68 48 68 C38 68 38 50 48 50 Z M20 40 C20 30 38 30 38 40 C38 50 20 50 20 40 Z M58 40 C58 30 76 30 76 40 C76 50 58 50 58 40 Z M46 68 L50 68 L50 88 L46 88 Z',
  sun: 'M48 28 a20 20 0 1 0 0.1 0 Z M46 4 L50 4 L50 18 L46 18 Z M46 78 L50 78 L50 92 L46 92 Z M4 46 L18 46 L18 50 L4 50 Z M78 46 L92 46 L92 50 L78 50 Z',
  moon: 'M60 10 C36 14 22 34 26 56 C30 78 52 90 74 82 C54 80 40 62 42 42 C44 26 52 16 60 10 Z',
  ring: 'M48 36 a24 24 0 1 0 0.1 0 Z M48 44 a16 16 0 1 1 -0.1 0 Z M38 14 L58 14 L64 26 L48 36 L32 26 Z',
  cocktail: 'M14 16 L82 16 L50 52 L50 80 L66 84 L30 84 L46 80 L46 52 Z',
  pizza:
    'M48 88 L12 22 C34 10 62 10 84 22 Z M36 36 a5 5 0 1 0 0.1 0 Z M56 34 a5 5 0 1 0 0.1 0 Z M48 56 a5 5 0 1 0 0.1 0 Z',
  icecream:
    'M28 44 L68 44 L48 90 Z M48 12 C62 12 70 22 70 32 C70 40 64 46 48 46 C32 46 26 40 26 32 C26 22 34 12 48 12 Z',
  trophy:
    'M26 12 L70 12 L70 34 C70 48 60 58 48 58 C36 58 26 48 26 34 Z M26 18 C10 18 12 40 28 42 M70 18 C86 18 84 40 68 42 M44 58 L52 58 L52 72 L44 72 Z M32 74 L64 74 L64 84 L32 84 Z',
  note: 'M38 16 L78 8 L78 62 C78 72 64 76 60 68 C56 60 68 54 72 58 L72 24 L44 30 L44 70 C44 80 30 84 26 76 C22 68 34 62 38 66 Z',
  clover:
    'M48 44 C36 20 16 36 40 46 C16 56 36 72 48 48 C60 72 80 56 56 46 C80 36 60 20 48 44 Z M46 48 L50 48 L56 88 L52 88 Z',
  butterfly:
    'M46 30 L50 30 L50 74 L46 74 Z M46 40 C30 10 6 20 12 40 C16 54 34 52 46 48 Z M50 40 C66 10 90 20 84 40 C80 54 62 52 50 48 Z M46 52 C30 56 20 76 34 80 C42 82 46 66 46 56 Z M50 52 C66 56 76 76 62 80 C54 82 50 66 50 56 Z',
  kiss: 'M12 46 C24 30 38 30 48 38 C58 30 72 30 84 46 C72 50 60 52 48 48 C36 52 24 50 12 46 Z M14 50 C28 72 68 72 82 50 C70 56 58 58 48 56 C38 58 26 56 14 50 Z',
  teddy:
    'M30 16 a10 10 0 1 0 0.1 0 Z M66 16 a10 10 0 1 0 0.1 0 Z M48 18 C64 18 72 30 72 42 C72 54 62 62 48 62 C34 62 24 54 24 42 C24 30 32 18 48 18 Z M48 58 C66 58 76 70 72 84 L24 84 C20 70 30 58 48 58 Z',
};

export const ART_SHAPES = Object.keys(SHAPES);
const RECIPE = /^([a-z]+):(#[0-9a-f]{6}):(#[0-9a-f]{6})$/;

/** The SVG of a recipe; an unknown recipe draws a gift box in the house colours. */
export function giftSvg(recipe: string): string {
  const emoji = emojiSvg(recipe);
  if (emoji) return emoji;
  const [, shape, from, to] = RECIPE.exec(recipe) ?? ['', 'box', '#e0457b', '#ffb347'];
  const d = SHAPES[shape as string] ?? SHAPES.box;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="h"><stop offset="0" stop-color="${to}" stop-opacity="0.35"/><stop offset="1" stop-color="${to}" stop-opacity="0"/></radialGradient></defs>
<circle cx="48" cy="48" r="46" fill="url(#h)"/>
<path d="${d}" fill="url(#g)" fill-rule="evenodd" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2" stroke-linejoin="round"/>
<path d="M30 26 C34 20 40 18 44 18" stroke="#fff" stroke-opacity="0.6" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`;
}

const rendered = new Map<string, Buffer>();

/** The PNG of a recipe at 1x (96 px) or 2x (192 px), rendered once per process. */
export async function giftPng(recipe: string, scale: 1 | 2): Promise<Buffer> {
  const key = `${recipe}@${scale}`;
  const cached = rendered.get(key);
  if (cached) return cached;
  // Emoji SVGs are drawn small (a 36 or 72 unit box): rasterised large, then scaled down, stay sharp.
  const density = (emojiSvg(recipe) ? 300 : 72) * scale;
  const png = await sharp(Buffer.from(giftSvg(recipe)), { density })
    .resize(96 * scale, 96 * scale)
    .png({ compressionLevel: 9 })
    .toBuffer();
  rendered.set(key, png);
  return png;
}

/** GET /gifts/art/<id>.png, <id>@2x.png and <id>.svg: the gift's artwork (giftImagePath). */
export function registerGiftArtRoute(
  app: FastifyInstance,
  recipeOf: (giftId: number) => Promise<string | undefined>,
) {
  const prefix = giftImagePath(0).replace(/0\.png$/, '');
  app.get<{ Params: { file: string } }>(`${prefix}:file`, async (request, reply) => {
    const match = /^(\d{1,9})(@2x)?\.(png|svg)$/.exec(request.params.file);
    const recipe = match ? await recipeOf(Number(match[1])) : undefined;
    if (!match || !recipe) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=86400');
    if (match[3] === 'svg') return reply.type('image/svg+xml').send(giftSvg(recipe));
    return reply.type('image/png').send(await giftPng(recipe, match[2] ? 2 : 1));
  });
}
