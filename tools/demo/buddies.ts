import type { Db } from '../../packages/server/src/db/index';

/** Friend requests are offline messages of category 3 (contract OfflineCategory.FRIEND_REQUEST). */
const FRIEND_REQUEST = 3;
const HOUR = 3_600_000;

/** Who is friends with whom among the demo members (each pair is stored both ways). */
export const DEMO_FRIENDSHIPS: readonly [string, string][] = [
  ['lucia', 'mateo'],
  ['lucia', 'valentina'],
  ['lucia', 'admin'],
  ['lucia', 'carlos'],
  ['mateo', 'diego'],
  ['mateo', 'admin'],
  ['valentina', 'camila'],
  ['carlos', 'sofia'],
];

/** Requests waiting for an answer: sender, receiver, the note that comes with it. */
export const DEMO_REQUESTS: readonly [string, string, string | null][] = [
  ['sofia', 'lucia', '¡Hola, Lucía! Me encantan tus fotos de Madrid. ¿Amigas?'],
  ['diego', 'lucia', null],
  ['camila', 'mateo', 'Nos conocimos en la sala de corredores 🏃'],
];

/** lucia pins her closest friends (buddyPosition 1, 2) in her own order. */
const DEMO_POSITIONS: readonly [string, string, number][] = [
  ['lucia', 'valentina', 1],
  ['lucia', 'mateo', 2],
];

/** valentina keeps her list private: requests to her name her last name (Ríos) or phone. */
const PRIVATE_LISTS = ['valentina'];

/**
 * Friendships, pinned friends, a private list and pending requests among the demo members.
 * Running it again changes nothing: pairs and requests that exist are left as they are, and
 * pins and privacy are only set on the first run.
 */
export async function seedBuddies(db: Db, members: Map<string, number>): Promise<void> {
  const id = (name: string) => {
    const found = members.get(name);
    if (found === undefined) throw new Error(`demo member ${name} is missing`);
    return found;
  };
  const now = Date.now();
  // Settings members may change later (pins, privacy) are only set the first time.
  const fresh = !(await db
    .selectFrom('friendships')
    .select('user_id')
    .where('user_id', '=', id(DEMO_FRIENDSHIPS[0][0]))
    .executeTakeFirst());

  for (const [a, b] of DEMO_FRIENDSHIPS) {
    await db
      .insertInto('friendships')
      .values([
        { user_id: id(a), friend_id: id(b), created_at: now },
        { user_id: id(b), friend_id: id(a), created_at: now },
      ])
      .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
      .execute();
  }

  for (const [owner, friend, position] of fresh ? DEMO_POSITIONS : []) {
    await db
      .updateTable('friendships')
      .set({ position })
      .where('user_id', '=', id(owner))
      .where('friend_id', '=', id(friend))
      .execute();
  }

  if (fresh)
    await db
      .updateTable('users')
      .set({ buddies_private: 1 })
      .where(
        'id',
        'in',
        PRIVATE_LISTS.map((name) => id(name)),
      )
      .execute();
  // What a request to her private list must name (either one): her last name or her phone.
  if (fresh)
    await db
      .updateTable('users')
      .set({ last_name: 'Ríos', phone: '+34 600 111 222' })
      .where('id', '=', id('valentina'))
      .execute();

  for (const [index, [sender, recipient, note]] of DEMO_REQUESTS.entries()) {
    const existing = await db
      .selectFrom('offline_messages')
      .select('id')
      .where('sender_id', '=', id(sender))
      .where('recipient_id', '=', id(recipient))
      .where('category', '=', FRIEND_REQUEST)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('offline_messages')
      .values({
        sender_id: id(sender),
        recipient_id: id(recipient),
        category: FRIEND_REQUEST,
        body: note,
        extra: JSON.stringify({ source: 'demo' }),
        status: 'pending',
        created_at: now - (index + 1) * HOUR,
      })
      .execute();
  }
}
