import { api, imageUrl, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, testApp, uniqueId } from '../../../tests/_util';
import { listen, openPush } from '../../../tests/flows/_push';
import { memberWritesOf } from '../../db/member-writes';
import type { UserRow } from '../../http/context';
import { advancedPlan, dropEmpty, postalDigitsToDrop } from './search-plan';
import { pageStatements } from './search-store';

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

  it('remembers each new search in its own table, leaving the member row and cached session alone', async () => {
    const changes: unknown[] = [];
    const stop = memberWritesOf(t.deps.db).listen((change) => {
      changes.push(change);
      return undefined;
    });
    try {
      await search({ city: town, sortBy: 'NAME_ASC' });
      await search({ city: town, gender: 'f', sortBy: 'NAME_ASC' });
      expect(changes).toEqual([]);
    } finally {
      stop();
    }
    const stored = await t.deps.db
      .selectFrom('member_searches')
      .select('params')
      .where('user_id', '=', people.dani.user.uid)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.params)).toEqual({ city: town, gender: 'f', sortBy: 'NAME_ASC' });
    // Another sort, the stored filters: the latest search wins over the one before.
    expect(names(await search({ useStoredParams: true, sortBy: 'LAST_UPDATE_DESC' }))).toEqual([
      'bea',
      'ana',
      'eva',
    ]);
  });

  it('refuses a sort order outside the three', async () => {
    const res = await people.dani.call(api.people.getAdvancedUserSearch, { sortBy: 'RANDOM' });
    expect(res.status).toBe(400);
    expect(res.body.ApiValidationException).toEqual({ field: 'sortBy' });
  });

  it('lets only admins search by email or include banned members', async () => {
    const refused = await people.dani.call(api.people.getAdvancedUserSearch, {
      email: `${people.ana.user.name}@example.org`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Solo los administradores pueden buscar por email o incluir miembros marcados.',
    );
    expect(refused.body.searchResults).toBeUndefined();
    const flagged = await people.dani.call(api.people.getAdvancedUserSearch, {
      includeAdminFlagged: true,
      city: town,
    });
    expect(flagged.status).toBe(403);
    // Switched off, the filter is no filter at all.
    expect(names(await search({ includeAdminFlagged: false, city: town, sortBy: 'NAME_ASC' }))).toEqual([
      'ana',
      'bea',
      'eva',
    ]);
    const english = new Client(t.app);
    english.cookies = new Map(people.dani.cookies);
    english.cookies.set('locale', 'en');
    const en = await english.call(api.people.getAdvancedUserSearch, { email: 'x@example.org' });
    expect(en.body.message).toBe('Only admins can search by email or include flagged members.');

    const admin = await member(t.app);
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.uid).execute();
    const byEmail = (
      (await admin.ok(api.people.getAdvancedUserSearch, {
        email: `${people.ana.user.name}@EXAMPLE.org`.toUpperCase(),
      })) as Result[]
    )[0];
    expect(names(byEmail)).toEqual(['ana']);
    // Never remembered: a stored search can't carry an address.
    const stored = await t.deps.db
      .selectFrom('member_searches')
      .select('params')
      .where('user_id', '=', admin.user.uid)
      .executeTakeFirst();
    expect(stored?.params ?? '').not.toContain('@');

    await t.deps.db
      .updateTable('users')
      .set({ banned_at: Date.now() })
      .where('id', '=', people.eva.user.uid)
      .execute();
    try {
      const adminSearch = async (extra: Record<string, unknown>) =>
        names(
          (
            (await admin.ok(api.people.getAdvancedUserSearch, {
              city: town,
              sortBy: 'NAME_ASC',
              ...extra,
            })) as Result[]
          )[0],
        );
      expect(await adminSearch({})).toEqual(['ana', 'bea', 'dani']);
      expect(await adminSearch({ includeAdminFlagged: true })).toEqual(['ana', 'bea', 'dani', 'eva']);
      expect(names(await search({ city: town, sortBy: 'NAME_ASC' }))).toEqual(['ana', 'bea']);
    } finally {
      await t.deps.db
        .updateTable('users')
        .set({ banned_at: 0 })
        .where('id', '=', people.eva.user.uid)
        .execute();
    }
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
      // Invisible while entitled to it (a VIP star: policy/premium.ts).
      .set({ online_status: 1, star: 2 })
      .where('id', '=', people.ana.user.uid)
      .execute();
    const [later] = (await people.eva.ok(api.people.findOnlineUsersByGender, { male: false })) as Result[];
    expect(names(later)).toEqual(['bea']);
    await t.deps.db
      .updateTable('users')
      .set({ online_status: 0, star: 0 })
      .where('id', '=', people.ana.user.uid)
      .execute();
    await Promise.all(sockets.map((s) => s.close()));
  });

  describe('every filter, on statements prepared once per shape', () => {
    // Another town, its members' fields set straight in the database; searched from Pau, who lives there.
    const pueblo = `Pueblo${uniqueId()}`;
    const p: Record<string, Awaited<ReturnType<typeof member>>> = {};
    const rows = {
      rocio: {
        gender: 'f',
        age: 25,
        state: 'Madrid',
        postal_code: '28001',
        first_name: 'Rocío',
        last_name: 'Vega',
        about: 'Me gusta el TANGO',
        children: 1,
        education: 2,
        ethnicity: 3,
        looking_for: 2,
        relationship_status: 1,
        sexual_orientation: 1,
        verified: 1,
        image1: 'm/rocio.jpg',
        last_access: 3000,
      },
      roberto: {
        gender: 'm',
        age: 33,
        state: 'Madrid',
        postal_code: '28019',
        first_name: 'Roberto',
        last_name: 'Vidal',
        about: 'ciclismo',
        children: 2,
        education: 3,
        ethnicity: 4,
        looking_for: 1,
        relationship_status: 2,
        sexual_orientation: 2,
        verified: 0,
        image1: null,
        last_access: 2000,
      },
      marta: {
        gender: 'f',
        age: 41,
        state: 'Cataluña',
        postal_code: '08001',
        first_name: 'Marta',
        last_name: 'Vega',
        about: null,
        children: 1,
        education: 2,
        ethnicity: 3,
        looking_for: 2,
        relationship_status: 1,
        sexual_orientation: 1,
        verified: 1,
        image1: 'm/marta.jpg',
        last_access: 1000,
      },
      pau: {
        gender: 'm',
        age: 30,
        state: 'Madrid',
        postal_code: '28005',
        first_name: 'Pau',
        last_name: null,
        about: null,
        children: 0,
        education: 0,
        ethnicity: 0,
        looking_for: 0,
        relationship_status: 0,
        sexual_orientation: 0,
        verified: 0,
        image1: null,
        last_access: 500,
      },
    } as const;

    beforeAll(async () => {
      for (const [label, { age, ...row }] of Object.entries(rows)) {
        p[label] = await member(t.app, `${label.slice(0, 5)}_${uniqueId().slice(0, 6)}`);
        await t.deps.db
          .updateTable('users')
          .set({ ...row, birth_date: `${year - age}-01-01`, country: 'España', city: pueblo })
          .where('id', '=', p[label].user.uid)
          .execute();
      }
    });

    const found = async (params: Record<string, unknown>) => {
      const r = await search({ city: pueblo, ...params }, p.pau);
      expect(r.totalNumberResults).toBe(r.searchResults.length);
      return r.searchResults.map((u) => u.name!.split('_')[0]);
    };

    it('binds the values: one shape, different values, each its own members', async () => {
      // Same filters present, so the same statement; only the values change.
      expect(await found({ gender: 'f', minAge: 20, maxAge: 30 })).toEqual(['rocio']);
      expect(await found({ gender: 'm', minAge: 31, maxAge: 35 })).toEqual(['rober']);
      expect(await found({ gender: 'f', minAge: 40, maxAge: 50 })).toEqual(['marta']);
      expect(await found({ gender: 'f', minAge: 20, maxAge: 50 })).toEqual(['rocio', 'marta']);
      expect(await found({ gender: 'm', minAge: 20, maxAge: 50, city: 'Ninguna' })).toEqual([]);
      // The SQL text is the shape's; the values are parameters.
      const viewer = (await t.deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', p.pau.user.uid)
        .executeTakeFirstOrThrow()) as UserRow;
      const compiled = (f: Record<string, unknown>) => {
        const { plan, sort } = advancedPlan(viewer, f);
        return pageStatements(t.deps.db, viewer.id, plan, sort, 0, 20).compiled();
      };
      const a = compiled({ gender: 'f', minAge: 20, city: pueblo, about: 'tango' });
      const b = compiled({ gender: 'm', minAge: 31, city: 'Otra', about: 'cine' });
      expect(b.count.sql).toBe(a.count.sql);
      expect(b.rows.sql).toBe(a.rows.sql);
      for (const value of ["'f'", "'m'", pueblo.toLowerCase(), "'otra'", 'tango', 'cine']) {
        expect(a.rows.sql).not.toContain(value);
        expect(a.count.sql).not.toContain(value);
      }
      expect(a.rows.parameters).toContain('%tango%');
      expect(b.rows.parameters).toContain('%cine%');
    });

    it('filters by each field', async () => {
      expect(await found({})).toEqual(['rocio', 'rober', 'marta']);
      expect(await found({ gender: 'm' })).toEqual(['rober']);
      expect(await found({ minAge: 30 })).toEqual(['rober', 'marta']);
      expect(await found({ maxAge: 33 })).toEqual(['rocio', 'rober']);
      expect(await found({ country: 'ESPAÑA' })).toEqual(['rocio', 'rober', 'marta']);
      expect(await found({ countryCode: 'Francia' })).toEqual([]);
      expect(await found({ state: 'cataluña' })).toEqual(['marta']);
      expect(await found({ postalCode: '28001' })).toEqual(['rocio']);
      expect(await found({ postalCode: '28001', postalProximity: 5 })).toEqual(['rocio']);
      expect(await found({ postalCode: '28001', postalProximity: 100 })).toEqual(['rocio', 'rober']);
      expect(await found({ areacode: '08' })).toEqual(['marta']);
      expect(await found({ userName: p.roberto.user.name.toUpperCase() })).toEqual(['rober']);
      expect(await found({ firstName: 'RO' })).toEqual(['rocio', 'rober']);
      expect(await found({ lastName: 'veg' })).toEqual(['rocio', 'marta']);
      expect(await found({ about: 'tango' })).toEqual(['rocio']);
      expect(await found({ children: 2 })).toEqual(['rober']);
      expect(await found({ education: 3 })).toEqual(['rober']);
      expect(await found({ ethnicity: 3 })).toEqual(['rocio', 'marta']);
      expect(await found({ lookingFor: 1 })).toEqual(['rober']);
      expect(await found({ status: 2 })).toEqual(['rober']);
      expect(await found({ orient: 1 })).toEqual(['rocio', 'marta']);
      expect(await found({ verified: true })).toEqual(['rocio', 'marta']);
      expect(await found({ photosOnly: true })).toEqual(['rocio', 'marta']);
      expect(await found({ gender: 'f', ethnicity: 3, verified: true, sortBy: 'NAME_ASC' })).toEqual([
        'marta',
        'rocio',
      ]);
    });

    it("near me by the searcher's proximity, and never the searcher", async () => {
      // City or postal code (proximity 1), then state (2).
      expect(await found({ nearMe: true })).toEqual(['rocio', 'rober', 'marta']);
      await p.pau.ok(api.people.updateProfile, { searchProximity: 2 });
      expect(await found({ nearMe: true })).toEqual(['rocio', 'rober']);
      await p.pau.ok(api.people.updateProfile, { searchProximity: 1 });
    });

    it("shows a friend as one, with their partner's name", async () => {
      await t.deps.db
        .insertInto('friendships')
        .values({ user_id: p.pau.user.uid, friend_id: p.marta.user.uid, created_at: 1 })
        .execute();
      await t.deps.db
        .updateTable('users')
        .set({ relationship_partner_id: p.rocio.user.uid, relationship_confirmed: 1 })
        .where('id', '=', p.roberto.user.uid)
        .execute();
      const r = await search({ city: pueblo }, p.pau);
      const byName = Object.fromEntries(r.searchResults.map((u) => [u.name!.split('_')[0], u]));
      expect(byName.marta.isFriend).toBe(true);
      expect(byName.rocio.isFriend).toBe(false);
      expect(byName.rober.relationshipPartnerName).toBe(p.rocio.user.name);
      expect(byName.rocio.relationshipPartnerName).toBeUndefined();
      expect(byName.rocio.canInitiateIM).toBe(true);
      expect(byName.rocio.isBlocked).toBe(false);
      expect(byName.rocio.image1).toBe(imageUrl('m/rocio.jpg'));
      expect(byName.rober.image1).toBeUndefined();
    });
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
