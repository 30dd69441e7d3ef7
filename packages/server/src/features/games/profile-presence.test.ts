import { api, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, dialects, member, testApp } from '../../../tests/_util';
import { openGame, registerGame } from './_games-test';

describe.each(dialects)('presence HTML on profiles on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('a profile marks the external games with a presence address, and only those', async () => {
    const admin = await adminMember(t);
    const withPresence = await registerGame(admin, {
      url: 'https://estudio-p.example.org/juego/',
      presenceUrl: 'https://estudio-p.example.org/presence',
    });
    const without = await registerGame(admin);
    const [owner, viewer] = [await member(t.app), await member(t.app)];
    await openGame(owner, withPresence.id);
    await openGame(owner, without.id);
    const [profile] = (await viewer.ok(api.people.getUserById, { userId: owner.user.uid })) as User[];
    const marked = Object.fromEntries((profile.game ?? []).map((g) => [g.gameId, g.hasPresenceHtml]));
    expect(marked).toEqual({ [withPresence.id]: true, [without.id]: false });
  });
});
