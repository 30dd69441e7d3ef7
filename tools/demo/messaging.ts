import type { Db } from '../../packages/server/src/db/index';

/** Offline mail is category 1 of offline_messages (contract OfflineCategory.MESSAGE). */
const MAIL = 1;
const MINUTE = 60_000;
const IM = 1;
const GROUP = 2;

type Line = [sender: string, text: string];

/** IMs between two demo members: the lines in order, oldest first. */
export const DEMO_IMS: readonly { between: [string, string]; lines: Line[] }[] = [
  {
    between: ['lucia', 'mateo'],
    lines: [
      ['mateo', '¡Hola, Lucía! ¿Vas a la carrera del domingo?'],
      ['lucia', '¡Claro! Salgo a las 8 desde Atocha 🏃‍♀️'],
      ['mateo', 'Genial, nos vemos allí. Llevo agua para los dos.'],
      ['lucia', '[icebreaker]¿Cuál es tu ruta favorita para correr?[/icebreaker]'],
    ],
  },
  {
    between: ['lucia', 'valentina'],
    lines: [
      ['valentina', '¿Viste las fotos que subí de Cartagena?'],
      ['lucia', '¡Sí! Qué colores tan bonitos 😍'],
    ],
  },
  {
    between: ['carlos', 'sofia'],
    lines: [['carlos', 'Sofía, ¿me pasas la receta de la tortilla?']],
  },
];

/** A group owned by its first member. */
export const DEMO_GROUP = {
  name: 'Corredores de Madrid',
  members: ['lucia', 'mateo', 'diego', 'admin'],
  lines: [
    ['lucia', '¡Bienvenidos al grupo de corredores! 🎉'],
    ['diego', 'Gracias por invitarme. ¿Cuántos kilómetros hacéis?'],
    ['mateo', 'Diez los domingos, cinco entre semana.'],
  ] as Line[],
};

/** A read-only group with invites closed: only its owner (lucia) posts, only she invites. */
export const DEMO_ANNOUNCEMENTS = {
  name: 'Avisos del club',
  members: ['lucia', 'mateo', 'valentina', 'diego'],
  lines: [
    ['lucia', 'Aquí solo publico los avisos del club: horarios, carreras y cambios de ruta.'],
    ['lucia', 'Domingo: salida a las 8:00 desde Atocha. ¡Puntualidad! ⏰'],
  ] as Line[],
};

/** Offline mail: sender, recipient, subject, body. */
export const DEMO_MAIL: readonly [string, string, string, string][] = [
  [
    'carlos',
    'lucia',
    '¿Vienes el sábado?',
    'Hacemos una barbacoa en casa a las 14:00. ¡Trae a quien quieras!',
  ],
  ['valentina', 'mateo', 'Gracias', 'Gracias por el consejo sobre las zapatillas, ¡son comodísimas!'],
];

/**
 * IMs, a group and offline mail among the demo members. Runs once: when lucia already has a
 * conversation, nothing is added again.
 */
export async function seedMessaging(db: Db, members: Map<string, number>): Promise<void> {
  const id = (name: string) => {
    const found = members.get(name);
    if (found === undefined) throw new Error(`demo member ${name} is missing`);
    return found;
  };
  const seeded = await db
    .selectFrom('conversation_members')
    .select('conversation_id')
    .where('user_id', '=', id('lucia'))
    .executeTakeFirst();
  if (seeded) return;
  await db
    .updateTable('users')
    .set({ im_color: '#6a1b9a', im_bg_color: '#f3e5f5', font: 'Georgia' })
    .where('id', '=', id('lucia'))
    .execute();

  let clock = Date.now() - 6 * 60 * MINUTE;
  const conversation = async (type: number, owner: string, names: string[], lines: Line[], name?: string) => {
    const start = clock;
    const row = await db
      .insertInto('conversations')
      .values({
        type,
        owner_id: id(owner),
        name: name ?? null,
        im_key:
          type === IM
            ? names
                .map(id)
                .sort((a, b) => a - b)
                .join(':')
            : null,
        message_count: lines.length,
        created_at: start,
        last_activity: start + lines.length * MINUTE,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, [sender, text]] of lines.entries()) {
      const colors = sender === 'lucia' ? { fg_color: '#6a1b9a', bg_color: '#f3e5f5' } : {};
      await db
        .insertInto('messages')
        .values({
          conversation_id: row.id,
          sender_id: id(sender),
          content: text,
          created_at: start + (i + 1) * MINUTE,
          ...colors,
        })
        .execute();
    }
    const last = start + lines.length * MINUTE;
    const lastFrom = new Map(lines.map(([sender], i) => [sender, start + (i + 1) * MINUTE]));
    await db
      .insertInto('conversation_members')
      .values(
        names.map((member) => ({
          conversation_id: row.id,
          user_id: id(member),
          joined_at: start,
          // Each member has read up to their own last line; later lines from others are unread.
          read_at: lastFrom.get(member) ?? 0,
          last_activity: last,
        })),
      )
      .execute();
    clock = last + 30 * MINUTE;
    return row.id;
  };

  for (const chat of DEMO_IMS) await conversation(IM, chat.between[0], [...chat.between], chat.lines);
  await conversation(GROUP, DEMO_GROUP.members[0], DEMO_GROUP.members, DEMO_GROUP.lines, DEMO_GROUP.name);
  const notices = DEMO_ANNOUNCEMENTS;
  const announcements = await conversation(
    GROUP,
    notices.members[0],
    notices.members,
    notices.lines,
    notices.name,
  );
  await db
    .updateTable('conversations')
    .set({ is_read_only: 1, allow_invite: 0 })
    .where('id', '=', announcements)
    .execute();

  for (const [index, [sender, recipient, subject, body]] of DEMO_MAIL.entries()) {
    await db
      .insertInto('offline_messages')
      .values({
        sender_id: id(sender),
        recipient_id: id(recipient),
        category: MAIL,
        subject,
        body,
        created_at: Date.now() - (index + 1) * 45 * MINUTE,
      })
      .execute();
  }
}
