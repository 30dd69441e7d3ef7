import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, dialects, member, testApp } from '../../../tests/_util';

describe.each(dialects)('user/getSessionUser on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('answers an anonymous visitor 200 with an empty list, not a login error', async () => {
    const res = await new Client(t.app).call(api.user.getSessionUser);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ User: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a member with their own view, as getLoggedInUser does', async () => {
    const m = await member(t.app);
    const [self] = (await m.ok(api.user.getSessionUser)) as { uid: number; name: string }[];
    expect(self).toEqual(((await m.ok(api.user.getLoggedInUser)) as unknown[])[0]);
    expect(self.uid).toBe(m.user.uid);
    expect(await m.ok(api.user.getSessionUser, { fields: 'uid' })).toEqual([{ uid: m.user.uid }]);
  });

  it('answers the empty list again once the member has logged out', async () => {
    const m = await member(t.app);
    await m.ok(api.profile.logout);
    const res = await m.call(api.user.getSessionUser);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ User: [] });
    // getLoggedInUser keeps its meaning for API callers: a login is required.
    expect((await m.call(api.user.getLoggedInUser)).status).toBe(401);
  });
});
