import { api, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, testApp, uniqueId } from '../../../tests/_util';
import { listen, openPush } from '../../../tests/flows/_push';
import { dropEmpty, postalDigitsToDrop } from './search';

type Result = { searchResults: User[]; totalNumberResults: number };

describe('dropEmpty', () => {
  it('drops null, -1 and blank values and keeps the rest', () => {
    expect(dropEmpty({ a: null, b: -1, c: '-1', d: '  ', e: 0, f: 'x', g: false })).toEqual({
      e: 0,
      f: 'x',
      g: false,
    });
  });
});

describe('postal proximity', () => {
  it('turns km into how many trailing postal digits may differ', () => {
    expect([0, 5, 10, 25, 50, 100].map(postalDigitsToDrop)).toEqual([0, 1, 1, 2, 2, 3]);
  });
});

describe.each(dialects)('finding people on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let baseUrl: string;
  // A small town of members, unique to this run so other tests' members never match.
  const town = `Villa${uniqueId()}`;
  const people: Record<string, Awaited<ReturnType<typeof member>>> = {};
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    t = await testApp(dialect);
    baseUrl = await listen(t.app);
    const specs = [
      ['ana', 'f', 25, { city: town, lookingFor: 3, education: 4 }, 3000],
      ['bea', 'f', 40, { city: town, lookingFor: 1 }, 2000],
      ['carla', 'f', 31, { city: 'Otra', lookingFor: 3 }, 1000],
      ['dani', 'm', 29, { city: town, lookingFor: 3 }, 4000],
      ['eva', 'f', 22, { city: town, lookingFor: 3 }, 5000],
    ] as const;
    for (const [label, gender, age, profile, lastAccess] of specs) {
      const name = `${label}_${uniqueId().slice(0, 6)}`;
      const m = await member(t.app, name);
      await m.ok(api.people.updateProfile, { gender, country: 'España', state: 'Madrid', ...profile });
      await t.deps.db
        .updateTable('users')
        .set({
          birth_date: `${year - age - 1}-01-01`,
          last_access: lastAccess,
          profile_updated_at: 6000 - lastAccess,
        })
        .where('id', '=', m.user.uid)
        .execute();
      people[label] = m;
    }
  });
  afterAll(() => t.close());

  const names = (r: Result) => r.searchResults.map((u) => u.name!.split('_')[0]);
  const search = async (params: Record<string, unknown>, viewer = people.dani) =>
    ((await viewer.ok(api.people.getAdvancedUserSearch, params)) as Result[])[0];

  it('filters by gender, age and place, sorted by last access', async () => {
    const r = await search({
      gender: 'f',
      minAge: 24,
      maxAge: 45,
      city: town.toLowerCase(),
      country: 'españa',
    });
    expect(names(r)).toEqual(['ana', 'bea']);
    expect(r.totalNumberResults).toBe(2);
  });

  it('sorts by name and by last update, and pages', async () => {
    expect(names(await search({ city: town, sortBy: 'NAME_ASC' }))).toEqual(['ana', 'bea', 'eva']);
    expect(names(await search({ city: town, sortBy: 'LAST_UPDATE_DESC' }))).toEqual(['bea', 'ana', 'eva']);
    const second = await search({ city: town, sortBy: 'NAME_ASC', page: 2, limit: 2 });
    expect(names(second)).toEqual(['eva']);
    expect(second.totalNumberResults).toBe(3);
    const capped = await search({ city: town, sortBy: 'NAME_ASC', totalLimit: 2, page: 2, limit: 2 });
    expect(capped).toEqual({ searchResults: [], totalNumberResults: 2 });
  });

  it('drops empty values and reuses the stored search', async () => {
    const r = await search({ city: town, lookingFor: 3, education: -1, state: '', sortBy: 'NAME_ASC' });
    expect(names(r)).toEqual(['ana', 'eva']);
    const again = await search({ useStoredParams: true });
    expect(names(again)).toEqual(['ana', 'eva']);
  });

  it('refuses a sort order outside the three', async () => {
    const res = await people.dani.call(api.people.getAdvancedUserSearch, { sortBy: 'RANDOM' });
    expect(res.status).toBe(400);
    expect(res.body.ApiValidationException).toEqual({ field: 'sortBy' });
  });

  it('never shows blocked members, either way', async () => {
    await people.bea.ok(api.people.blockUser, { userId: people.dani.user.uid });
    expect(names(await search({ city: town, sortBy: 'NAME_ASC' }))).toEqual(['ana', 'eva']);
    await people.dani.ok(api.people.blockUser, { userId: people.eva.user.uid });
    expect(names(await search({ city: town, sortBy: 'NAME_ASC' }))).toEqual(['ana']);
    await people.bea.ok(api.people.unblockUser, { userId: people.dani.user.uid });
    await people.dani.ok(api.people.unblockUser, { userId: people.eva.user.uid });
  });

  it('finds by the start of the user name', async () => {
    const prefix = people.carla.user.name.slice(0, 8).toUpperCase();
    const [r] = (await people.ana.ok(api.people.findUsersByName, { name: prefix })) as Result[];
    expect(r.searchResults.map((u) => u.uid)).toEqual([people.carla.user.uid]);
    expect((await people.ana.call(api.people.findUsersByName, { name: '' })).status).toBe(400);
  });

  it('finds members near me within my proximity', async () => {
    const [city] = (await people.dani.ok(api.people.findUsersNearMe)) as Result[];
    expect(names(city).sort()).toEqual(['ana', 'bea', 'eva']);
    await people.dani.ok(api.people.updateProfile, { searchProximity: 2 });
    const [state] = (await people.dani.ok(api.people.findUsersNearMe, { limit: 100 })) as Result[];
    expect(names(state)).toContain('carla');
    await people.dani.ok(api.people.updateProfile, { searchProximity: 1 });
  });

  it('lists online members by gender, never the invisible', async () => {
    const sockets = await Promise.all(
      [people.ana, people.bea, people.dani].map((m) => openPush(baseUrl, { cookie: m.cookieHeader })),
    );
    const [women] = (await people.eva.ok(api.people.findOnlineUsersByGender, { male: false })) as Result[];
    expect(names(women).sort()).toEqual(['ana', 'bea']);
    const [men] = (await people.eva.ok(api.people.findOnlineUsersByGender, { male: '1' })) as Result[];
    expect(names(men)).toEqual(['dani']);
    expect(men.searchResults[0].onlineSource).toBe('Web');
    await t.deps.db
      .updateTable('users')
      .set({ online_status: 1 })
      .where('id', '=', people.ana.user.uid)
      .execute();
    const [later] = (await people.eva.ok(api.people.findOnlineUsersByGender, { male: false })) as Result[];
    expect(names(later)).toEqual(['bea']);
    await t.deps.db
      .updateTable('users')
      .set({ online_status: 0 })
      .where('id', '=', people.ana.user.uid)
      .execute();
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('recommends strangers, near and of the sought gender first, never friends', async () => {
    await t.deps.db
      .insertInto('friendships')
      .values([
        { user_id: people.dani.user.uid, friend_id: people.eva.user.uid, created_at: 1 },
        { user_id: people.eva.user.uid, friend_id: people.dani.user.uid, created_at: 1 },
      ])
      .execute();
    const recs = (await people.dani.ok(api.people.getRandomFriendRecommendations, { limit: 3 })) as User[];
    const ids = recs.map((u) => u.uid);
    expect(ids).not.toContain(people.eva.user.uid);
    expect(ids).not.toContain(people.dani.user.uid);
    expect(recs.length).toBe(3);
    // Women in Dani's city score above everyone else in this town.
    expect(
      recs
        .slice(0, 2)
        .map((u) => u.uid)
        .sort(),
    ).toEqual([people.ana.user.uid, people.bea.user.uid].sort());
  });
});
