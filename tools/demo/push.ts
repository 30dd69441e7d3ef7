import { api, type User } from '@tertulia/contract';
import type { Db } from '../../packages/server/src/db/index';

/**
 * Web Push in the demo (docs/web-push.md). Subscriptions are per browser, so none is seeded: a
 * person trying the demo as lucia (never asked yet) gets the permission dialog after a first
 * message or friend request, allows it, closes the tab, and the played members' notes below then
 * arrive as real notifications. The other members show the settings' range.
 */
const SETTINGS: Record<string, { previews?: number; broadcasts?: number; media?: number; prompt: number }> = {
  mateo: { media: 0, prompt: 1 },
  valentina: { previews: 0, prompt: 1 },
  carlos: { broadcasts: 0, prompt: 1 },
  diego: { prompt: 2 },
};

export async function seedPush(db: Db, members: Map<string, number>): Promise<void> {
  for (const [name, values] of Object.entries(SETTINGS)) {
    const id = members.get(name);
    if (!id) continue;
    const existing = await db
      .selectFrom('push_settings')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    if (!existing)
      await db
        .insertInto('push_settings')
        .values({ user_id: id, ...values })
        .execute();
  }
}

/** What a played member writes to a friend who is away (the server pushes it to their devices). */
export const AWAY_LINES = [
  '¿Sigues por ahí? Te escribo para que lo veas al volver 😊',
  'Oye, ¿te vienes luego a la sala Tertulia?',
  'Me acordé de ti: ¿qué tal el día?',
  '¡Mira mi última foto cuando puedas!',
];

/** A played member that can call the API with its own session (tools/demo/activity.ts). */
interface Player {
  name: string;
  call(endpoint: (typeof api)['messaging']['send'], params: Record<string, unknown>): Promise<unknown>;
  list<T>(endpoint: (typeof api)['buddy']['getBuddies'], params?: Record<string, unknown>): Promise<T[]>;
}

/** A friend is written to at most this often by one played member, so a device is not flooded. */
const AWAY_EVERY_MS = 10 * 60_000;
const lastWritten = new Map<string, number>();

/**
 * A played member writes to one friend who is not online and is not played: with a browser that
 * allowed notifications, that friend gets a Web Push (sender, preview, the conversation on click).
 */
export async function writeToAwayFriend(player: Player, played: Set<string>, line: string, now = Date.now()) {
  const friends = await player.list<User>(api.buddy.getBuddies, { limit: 50 });
  const away = friends.find((f) => {
    const key = `${player.name}>${f.uid}`;
    return (
      f.name && !played.has(f.name) && !f.onlineSource && now - (lastWritten.get(key) ?? 0) >= AWAY_EVERY_MS
    );
  });
  if (!away) return undefined;
  lastWritten.set(`${player.name}>${away.uid}`, now);
  await player.call(api.messaging.send, { targetIds: [away.uid], message: line });
  return away.name;
}
