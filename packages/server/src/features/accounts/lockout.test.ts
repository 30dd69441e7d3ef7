import { api, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, PASSWORD, testApp } from '../../../tests/_util';

describe.each(dialects)('login lockout on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect, {
      limits: {
        loginPerName: 10,
        loginPerAddress: 30,
        registerPerAddress: 1000,
        windowMs: 60_000,
        loginSlowdownMs: 0,
      },
    });
  });
  afterAll(() => t.close());

  const login = (ip: string, name: string, password: string) =>
    new Client(t.app, ip).call(api.profile.login, { name, password });

  it('a stranger failing 20 times from address A does not stop the member logging in from B', async () => {
    const m = await member(t.app, undefined, '10.20.0.2');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login('10.20.0.1', m.user.name, `mal-${i}-xx`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Locked for that name from A only.
    expect((await login('10.20.0.1', m.user.name, PASSWORD)).status).toBe(429);
    const home = await login('10.20.0.2', m.user.name, PASSWORD);
    expect(home.status).toBe(200);
    // The member is told of the failed attempts (the ten that were checked), once.
    expect((home.body.User as User[])[0].failedLoginAttempts).toBe(10);
    const next = await login('10.20.0.2', m.user.name, PASSWORD);
    expect((next.body.User as User[])[0].failedLoginAttempts).toBe(0);
  });

  it('does not count successful logins as failures', async () => {
    const m = await member(t.app);
    for (let i = 0; i < 15; i++) expect((await login('10.21.0.1', m.user.name, PASSWORD)).status).toBe(200);
    // A good login also clears the failures made from its address.
    for (let i = 0; i < 9; i++) await login('10.21.0.1', m.user.name, `mal-${i}-xx`);
    expect((await login('10.21.0.1', m.user.name, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await login('10.21.0.1', m.user.name, `mal-${i}-yy`)).status).toBe(401);
  });

  it('limits failures from one address across names more loosely', async () => {
    const names = await Promise.all(Array.from({ length: 4 }, () => member(t.app)));
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await login('10.22.0.1', names[i % 4].user.name, `mal-${i}-zz`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // Other addresses are not affected.
    expect((await login('10.22.0.2', names[0].user.name, PASSWORD)).status).toBe(200);
  });

  it('says nothing about failures to a member who had none', async () => {
    const m = await member(t.app);
    const res = await login('10.23.0.1', m.user.name, PASSWORD);
    expect((res.body.User as User[])[0]).toMatchObject({ failedLoginAttempts: 0 });
    expect((res.body.User as User[])[0].accountRestored).toBeUndefined();
  });
});
