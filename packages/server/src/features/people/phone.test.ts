import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, member, testApp } from '../../../tests/_util';

/** The phone is never shown back, so the editor erases it by sending it empty. */
describe.each(dialects)('the stored phone on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const stored = (id: number) =>
    t.deps.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirstOrThrow();

  it('is kept when the field is left out, and erased by an empty one', async () => {
    const m = await member(t.app);
    await m.ok(api.people.updateProfile, { phone: '+34 600 123 456' });
    expect((await stored(m.user.uid)).phone).toBe('+34 600 123 456');
    await m.ok(api.people.updateProfile, { city: 'Lima' });
    expect((await stored(m.user.uid)).phone).toBe('+34 600 123 456');
    const [self] = (await m.ok(api.people.updateProfile, { phone: '' })) as { phone?: string }[];
    expect(self.phone).toBeUndefined();
    expect((await stored(m.user.uid)).phone).toBeNull();
  });
});
