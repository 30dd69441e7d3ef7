import { Type } from '@sinclair/typebox';
import { endpoint, Scalars } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, member, testApp } from '../../tests/_util';
import { bind, registerContractRoutes } from './contract-routes';

// A list endpoint defined the way features define theirs, to test paging rules in one place.
const listNumbers = endpoint({
  area: 'test',
  call: 'listNumbers',
  method: 'GET',
  summary: 'numbers for paging tests',
  auth: 'member',
  list: { defaultLimit: 10 },
  params: Type.Object({ ids: Type.Optional(Type.Array(Type.Integer())) }),
  result: Scalars.Integer,
});
const adminOnly = endpoint({
  area: 'test',
  call: 'adminOnly',
  method: 'POST',
  summary: 'admin rule',
  auth: 'admin',
  params: Type.Object({}),
  result: Scalars.Boolean,
});

describe('contract route adapter', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
    const context = (request: { member: unknown }) => ({
      user: request.member,
      locale: 'es',
      ip: '',
      request,
      reply: null,
    });
    registerContractRoutes(
      t.app,
      [bind(listNumbers, (p) => [p.page ?? 0, p.limit ?? 0, ...(p.ids ?? [])]), bind(adminOnly, () => true)],
      context as never,
    );
  });
  afterAll(() => t.close());

  it('fills page 1 and the call’s default limit', async () => {
    const m = await member(t.app);
    expect(await m.ok(listNumbers)).toEqual([1, 10]);
    expect(await m.ok(listNumbers, { page: 3, limit: 100 })).toEqual([3, 100]);
  });

  it('refuses a limit above 100 and a page below 1', async () => {
    const m = await member(t.app);
    const over = await m.call(listNumbers, { limit: 101 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      message: 'Revisa el límite: el valor es demasiado alto.',
      ApiValidationException: { field: 'limit' },
    });
    const under = await m.call(listNumbers, { page: 0 });
    expect(under.body.ApiValidationException).toEqual({ field: 'page' });
  });

  it('reads comma lists into arrays and refuses non-numbers in them', async () => {
    const m = await member(t.app);
    expect(await m.ok(listNumbers, { ids: '4,5,6' })).toEqual([1, 10, 4, 5, 6]);
    expect((await m.call(listNumbers, { ids: '4,x' })).status).toBe(400);
  });

  it('keeps admin calls to admins', async () => {
    expect((await new Client(t.app).call(adminOnly)).status).toBe(401);
    const m = await member(t.app);
    const res = await m.call(adminOnly);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Solo el equipo de Tertulia puede hacer esto.');
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', m.user.uid).execute();
    expect(await m.ok(adminOnly)).toEqual([true]);
  });
});
