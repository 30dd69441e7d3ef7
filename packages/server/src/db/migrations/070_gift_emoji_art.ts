import type { Kysely } from 'kysely';

/**
 * The first catalogue's gifts drawn with open emoji artwork instead of generated shapes
 * (docs/gifts.md, "Artwork"): each seeded gift, found by its name and its seeded recipe (a gift
 * an admin has changed since keeps what the admin chose), gets the emoji that looks like it.
 */
export const GIFT_EMOJI: [name: string, seeded: string, art: string][] = [
  ['Corazón', 'heart:#e0245e:#ff7aa2', 'twemoji:2764'],
  ['Rosa roja', 'rose:#c2185b:#ff5c8a', 'twemoji:1f339'],
  ['Beso', 'kiss:#d81b60:#ff8a80', 'twemoji:1f48b'],
  ['Anillo', 'ring:#f4c430:#fff3b0', 'twemoji:1f48d'],
  ['Osito', 'teddy:#a0522d:#e6b07a', 'twemoji:1f9f8'],
  ['Corazón dorado', 'heart:#d4a017:#fff0a0', 'twemoji:1f49b'],
  ['Rosa blanca', 'rose:#b0bec5:#ffffff', 'twemoji:1f4ae'],
  ['Mariposa', 'butterfly:#7e57c2:#80deea', 'twemoji:1f98b'],
  ['Trébol', 'clover:#2e7d32:#a5d6a7', 'twemoji:1f340'],
  ['Estrella', 'star:#fbc02d:#fff59d', 'twemoji:2b50'],
  ['Café', 'coffee:#6d4c41:#d7ccc8', 'twemoji:2615'],
  ['Girasol', 'flower:#f9a825:#fff176', 'twemoji:1f33b'],
  ['Sol', 'sun:#ff9800:#ffe082', 'twemoji:2600'],
  ['Luna', 'moon:#5c6bc0:#c5cae9', 'twemoji:1f319'],
  ['Corazón amigo', 'heart:#00897b:#80cbc4', 'twemoji:1f49a'],
  ['Nota musical', 'note:#3949ab:#9fa8da', 'twemoji:1f3b5'],
  ['Globo', 'balloon:#e53935:#ff8a80', 'twemoji:1f388'],
  ['Globo azul', 'balloon:#1e88e5:#90caf9', 'openmoji:1F388'],
  ['Tarta', 'cake:#ec407a:#f8bbd0', 'twemoji:1f382'],
  ['Cóctel', 'cocktail:#ff7043:#ffcc80', 'twemoji:1f379'],
  ['Regalo sorpresa', 'box:#8e24aa:#ce93d8', 'twemoji:1f381'],
  ['Trofeo', 'trophy:#f9a825:#fff59d', 'twemoji:1f3c6'],
  ['Estrella fugaz', 'star:#00acc1:#b2ebf2', 'twemoji:1f320'],
  ['Disco', 'note:#d500f9:#ea80fc', 'twemoji:1faa9'],
  ['Pizza', 'pizza:#ff8f00:#ffe0b2', 'twemoji:1f355'],
  ['Helado', 'icecream:#f06292:#fce4ec', 'twemoji:1f366'],
  ['Helado de menta', 'icecream:#26a69a:#e0f2f1', 'twemoji:1f368'],
  ['Cortado', 'coffee:#4e342e:#bcaaa4', 'openmoji:2615'],
  ['Pastel de chocolate', 'cake:#5d4037:#a1887f', 'twemoji:1f370'],
  ['Mojito', 'cocktail:#43a047:#c8e6c9', 'twemoji:1f378'],
  ['Flor de lavanda', 'flower:#7e57c2:#d1c4e9', 'twemoji:1fabb'],
  ['Amanecer', 'sun:#ff5722:#ffccbc', 'twemoji:1f305'],
  ['Luna llena', 'moon:#90a4ae:#eceff1', 'twemoji:1f315'],
  ['Mariposa monarca', 'butterfly:#ef6c00:#ffcc80', 'openmoji:1F98B'],
  ['Trébol de la suerte', 'clover:#1b5e20:#81c784', 'openmoji:1F340'],
  ['Diamante', 'gem:#00b0ff:#e1f5fe', 'twemoji:1f48e'],
  ['Corona', 'crown:#ffb300:#fff8e1', 'twemoji:1f451'],
  ['Esmeralda', 'gem:#00c853:#b9f6ca', 'openmoji:1F48E'],
  ['Rubí', 'gem:#d50000:#ff8a80', 'twemoji:2666'],
  ['Anillo de platino', 'ring:#90a4ae:#ffffff', 'openmoji:1F48D'],
  ['Corona VIP', 'crown:#6a1b9a:#e1bee7', 'openmoji:1F451'],
  ['Diamante VIP', 'gem:#311b92:#b388ff', 'twemoji:1f4a0'],
  ['Estrella VIP', 'star:#4a148c:#ea80fc', 'twemoji:1f31f'],
  ['Trofeo del equipo', 'trophy:#263238:#80cbc4', 'twemoji:1f947'],
  ['Regalo con vale', 'box:#00838f:#80deea', 'twemoji:1f39f'],
  ['Estrella de Navidad', 'star:#c62828:#ffd54f', 'twemoji:1f384'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, seeded, art] of GIFT_EMOJI)
    await db.updateTable('gifts').set({ art }).where('name', '=', name).where('art', '=', seeded).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, seeded, art] of GIFT_EMOJI)
    await db
      .updateTable('gifts')
      .set({ art: seeded })
      .where('name', '=', name)
      .where('art', '=', art)
      .execute();
}
