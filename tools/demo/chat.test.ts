import { api, type ChatEntry, type ChatRoom } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, testApp } from '../../packages/server/tests/_util';
import { DEMO_PASSWORD, seedDemo } from './seed';

describe('demo chat', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('seeds chatter in Spanish and English rooms once, readable through the API', async () => {
    await seedDemo(t.deps.db);
    await seedDemo(t.deps.db);
    const lucia = new Client(t.app);
    await lucia.ok(api.profile.login, { name: 'lucia', password: DEMO_PASSWORD });
    const rooms = (await lucia.ok(api.chat.getRooms, {})) as ChatRoom[];
    const tertulia = rooms.find((r) => r.name === 'tertulia')!;
    const lounge = rooms.find((r) => r.name === 'lounge')!;
    const names = async (roomId: number) =>
      ((await lucia.ok(api.chat.getMessages, { roomId })) as ChatEntry[]).map((e) => e.user?.name);
    expect(await names(tertulia.id)).toEqual(['lucia', 'mateo', 'carlos', 'sofia', 'lucia']);
    expect(await names(lounge.id)).toEqual(['valentina', 'camila', 'admin']);
    const own = rooms.find((r) => r.isOwner)!;
    expect(own).toMatchObject({ displayName: 'Café de Lucía', roomType: 2, isModerator: true });
  });
});
