/**
 * The first gift catalogue (migration 024): name in Spanish and English, artwork recipe
 * (features/gifts/art.ts), price in gold, value in gems for the receiver, tag, and flags.
 * Later changes go through the admin calls (gift/addGift.do, editGift.do, retireGift.do).
 */
type Seed = [
  name: string,
  nameEn: string,
  art: string,
  price: number,
  value: number,
  tag: string,
  flags?: Flags,
];
interface Flags {
  vip?: boolean;
  admin?: boolean;
  voucher?: boolean;
  discount?: number;
  /** [start, end] epoch ms: on sale only between them. */
  dates?: [number, number];
  entrance?: string;
}

const XMAS_2026: [number, number] = [Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 7)];

export const GIFT_CATALOGUE: Seed[] = [
  ['Corazón', 'Heart', 'heart:#e0245e:#ff7aa2', 10, 5, 'amor'],
  ['Rosa roja', 'Red rose', 'rose:#c2185b:#ff5c8a', 20, 10, 'amor'],
  ['Beso', 'Kiss', 'kiss:#d81b60:#ff8a80', 15, 7, 'amor'],
  ['Anillo', 'Ring', 'ring:#f4c430:#fff3b0', 250, 125, 'amor', { entrance: 'zoom' }],
  ['Osito', 'Teddy bear', 'teddy:#a0522d:#e6b07a', 60, 30, 'amor'],
  ['Corazón dorado', 'Golden heart', 'heart:#d4a017:#fff0a0', 120, 60, 'amor', { discount: 20 }],
  ['Rosa blanca', 'White rose', 'rose:#b0bec5:#ffffff', 25, 12, 'amor'],
  ['Mariposa', 'Butterfly', 'butterfly:#7e57c2:#80deea', 30, 15, 'amor'],
  ['Trébol', 'Four-leaf clover', 'clover:#2e7d32:#a5d6a7', 15, 7, 'amistad'],
  ['Estrella', 'Star', 'star:#fbc02d:#fff59d', 10, 5, 'amistad'],
  ['Café', 'Coffee', 'coffee:#6d4c41:#d7ccc8', 10, 5, 'amistad'],
  ['Girasol', 'Sunflower', 'flower:#f9a825:#fff176', 20, 10, 'amistad'],
  ['Sol', 'Sun', 'sun:#ff9800:#ffe082', 15, 7, 'amistad'],
  ['Luna', 'Moon', 'moon:#5c6bc0:#c5cae9', 15, 7, 'amistad'],
  ['Corazón amigo', 'Friendly heart', 'heart:#00897b:#80cbc4', 12, 6, 'amistad'],
  ['Nota musical', 'Music note', 'note:#3949ab:#9fa8da', 18, 9, 'amistad'],
  ['Globo', 'Balloon', 'balloon:#e53935:#ff8a80', 10, 5, 'fiesta'],
  ['Globo azul', 'Blue balloon', 'balloon:#1e88e5:#90caf9', 10, 5, 'fiesta'],
  ['Tarta', 'Birthday cake', 'cake:#ec407a:#f8bbd0', 40, 20, 'fiesta', { entrance: 'bounce' }],
  ['Cóctel', 'Cocktail', 'cocktail:#ff7043:#ffcc80', 25, 12, 'fiesta'],
  ['Regalo sorpresa', 'Surprise box', 'box:#8e24aa:#ce93d8', 35, 17, 'fiesta'],
  ['Trofeo', 'Trophy', 'trophy:#f9a825:#fff59d', 80, 40, 'fiesta'],
  ['Estrella fugaz', 'Shooting star', 'star:#00acc1:#b2ebf2', 30, 15, 'fiesta'],
  ['Disco', 'Disco note', 'note:#d500f9:#ea80fc', 22, 11, 'fiesta'],
  ['Pizza', 'Pizza', 'pizza:#ff8f00:#ffe0b2', 15, 7, 'comida'],
  ['Helado', 'Ice cream', 'icecream:#f06292:#fce4ec', 12, 6, 'comida'],
  ['Helado de menta', 'Mint ice cream', 'icecream:#26a69a:#e0f2f1', 12, 6, 'comida'],
  ['Cortado', 'Cortado', 'coffee:#4e342e:#bcaaa4', 8, 4, 'comida'],
  ['Pastel de chocolate', 'Chocolate cake', 'cake:#5d4037:#a1887f', 30, 15, 'comida'],
  ['Mojito', 'Mojito', 'cocktail:#43a047:#c8e6c9', 20, 10, 'comida'],
  ['Flor de lavanda', 'Lavender', 'flower:#7e57c2:#d1c4e9', 18, 9, 'naturaleza'],
  ['Amanecer', 'Sunrise', 'sun:#ff5722:#ffccbc', 25, 12, 'naturaleza'],
  ['Luna llena', 'Full moon', 'moon:#90a4ae:#eceff1', 20, 10, 'naturaleza'],
  ['Mariposa monarca', 'Monarch butterfly', 'butterfly:#ef6c00:#ffcc80', 28, 14, 'naturaleza'],
  ['Trébol de la suerte', 'Lucky clover', 'clover:#1b5e20:#81c784', 22, 11, 'naturaleza'],
  ['Diamante', 'Diamond', 'gem:#00b0ff:#e1f5fe', 300, 150, 'lujo', { entrance: 'zoom' }],
  ['Corona', 'Crown', 'crown:#ffb300:#fff8e1', 400, 200, 'lujo', { entrance: 'zoom' }],
  ['Esmeralda', 'Emerald', 'gem:#00c853:#b9f6ca', 200, 100, 'lujo'],
  ['Rubí', 'Ruby', 'gem:#d50000:#ff8a80', 220, 110, 'lujo'],
  ['Anillo de platino', 'Platinum ring', 'ring:#90a4ae:#ffffff', 500, 250, 'lujo'],
  ['Corona VIP', 'VIP crown', 'crown:#6a1b9a:#e1bee7', 150, 80, 'vip', { vip: true, entrance: 'zoom' }],
  ['Diamante VIP', 'VIP diamond', 'gem:#311b92:#b388ff', 180, 95, 'vip', { vip: true }],
  ['Estrella VIP', 'VIP star', 'star:#4a148c:#ea80fc', 90, 48, 'vip', { vip: true }],
  ['Trofeo del equipo', 'Team trophy', 'trophy:#263238:#80cbc4', 1, 50, 'vip', { admin: true }],
  ['Regalo con vale', 'Voucher gift', 'box:#00838f:#80deea', 50, 25, 'fiesta', { voucher: true }],
  ['Estrella de Navidad', 'Christmas star', 'star:#c62828:#ffd54f', 30, 15, 'fiesta', { dates: XMAS_2026 }],
];

/** The rows migration 024 inserts, positioned in catalogue order within each tag. */
export function catalogueRows(now: number) {
  const positions = new Map<string, number>();
  return GIFT_CATALOGUE.map(([name, nameEn, art, price, value, tag, f = {}]) => {
    const position = (positions.get(tag) ?? 0) + 1;
    positions.set(tag, position);
    return {
      name,
      name_en: nameEn,
      art,
      price,
      value,
      tag,
      position,
      discount: f.discount ?? 0,
      vip: f.vip ? 1 : 0,
      admin: f.admin ? 1 : 0,
      requires_voucher: f.voucher ? 1 : 0,
      start_date: f.dates?.[0] ?? null,
      end_date: f.dates?.[1] ?? null,
      entrance_animation: f.entrance ?? 'float',
      exit_animation: 'fade',
      created_at: now,
    };
  });
}
