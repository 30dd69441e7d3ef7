import type { Db } from '../../packages/server/src/db/index';

const MINUTE = 60_000;

/** Chatter in the public rooms the chat migration seeds: room name, then who says what, in order. */
export const DEMO_CHATTER: readonly [string, [string, string][]][] = [
  [
    'tertulia',
    [
      ['lucia', '¡Buenas tardes a todos! ¿Qué tal el día?'],
      ['mateo', 'Hola, Lucía. Aquí, recién salido del trabajo :)'],
      ['carlos', '¿Alguien ha visto la película nueva de Almodóvar?'],
      ['sofia', 'Yo sí, ¡me encantó! **Muy recomendable** :love:'],
      ['lucia', 'Apuntada para el finde :heart:'],
    ],
  ],
  [
    'futbol',
    [
      ['diego', '¿Quién gana el clásico este domingo?'],
      ['mateo', 'Ni lo dudes: empate a dos.'],
    ],
  ],
  [
    'lounge',
    [
      ['valentina', 'Hi everyone! Practising my English here :)'],
      ['camila', 'Welcome, Valentina! Your English is great.'],
      ['admin', 'Remember to keep it friendly, folks :smile:'],
    ],
  ],
];

/** Members who chose another emoticon theme than the default: their lines are drawn in it. */
const THEMES: Record<string, string> = { lucia: 'clasico', sofia: 'contorno' };
const themeOf = (who: string) => THEMES[who] ?? 'default';

/** lucia's own room, with mateo as moderator. */
const LUCIA_ROOM = 'Café de Lucía';

/**
 * Chat: demo chatter in Spanish and English public rooms, and a member-made room with a moderator.
 * Running it again changes nothing: rooms that already have entries are left as they are.
 */
export async function seedChat(db: Db, members: Map<string, number>): Promise<void> {
  // Only over the default: a theme the member picked since stays theirs.
  for (const [who, theme] of Object.entries(THEMES)) {
    const uid = members.get(who);
    if (uid !== undefined)
      await db
        .updateTable('users')
        .set({ emoticon_path: theme })
        .where('id', '=', uid)
        .where('emoticon_path', '=', 'default')
        .execute();
  }
  const now = Date.now();
  for (const [roomName, lines] of DEMO_CHATTER) {
    const room = await db
      .selectFrom('chat_rooms')
      .select('id')
      .where('name', '=', roomName)
      .where('room_type', '=', 0)
      .executeTakeFirst();
    if (!room) continue;
    const existing = await db
      .selectFrom('chat_entries')
      .select('id')
      .where('room_id', '=', room.id)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('chat_entries')
      .values(
        lines.map(([who, message], i) => ({
          room_id: room.id,
          sender_id: members.get(who)!,
          dest_id: 0,
          message,
          message_type: 0,
          color: null,
          emoticon_path: themeOf(who),
          created_at: now - (lines.length - i) * 2 * MINUTE,
        })),
      )
      .execute();
    // The chatter earns its chat points, as lines sent through the room would.
    const perSender = new Map<number, number>();
    for (const [who] of lines) perSender.set(members.get(who)!, (perSender.get(members.get(who)!) ?? 0) + 1);
    for (const [userId, count] of perSender) {
      await db
        .insertInto('member_points')
        .values({
          user_id: userId,
          chat_points: count,
          chat_day: Math.floor(now / 86_400_000),
          chat_today: count,
        })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet((eb) => ({ chat_points: eb('member_points.chat_points', '+', count) })),
        )
        .execute();
    }
  }

  const lucia = members.get('lucia')!;
  const mine = await db
    .selectFrom('chat_rooms')
    .select('id')
    .where('owner_id', '=', lucia)
    .where('name', '=', LUCIA_ROOM)
    .executeTakeFirst();
  if (mine) return;
  const room = await db
    .insertInto('chat_rooms')
    .values({
      name: LUCIA_ROOM,
      display_name: LUCIA_ROOM,
      category: 'Miembros',
      room_type: 2,
      max_users: 50,
      owner_id: lucia,
      locale: 'es',
      country: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('chat_room_roles')
    .values({
      room_id: room.id,
      user_id: members.get('mateo')!,
      role: 'moderator',
      until: 0,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('chat_entries')
    .values({
      room_id: room.id,
      sender_id: lucia,
      dest_id: 0,
      message: '¡Bienvenidos a mi café! Aquí se habla de todo.',
      message_type: 0,
      color: '#8E44AD',
      emoticon_path: themeOf('lucia'),
      created_at: now - MINUTE,
    })
    .execute();
}
