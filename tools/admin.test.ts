import { api, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, testApp } from '../packages/server/tests/_util';
import { runAdmin } from './admin';

describe('admin command', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('grants and revokes admin rights by name, whatever the case', async () => {
    const m = await member(t.app);
    const env = { DATA_DIR: t.config.dataDir };
    expect(await runAdmin(['grant', m.user.name.toUpperCase()], env)).toMatch(/^grant/);
    expect(((await m.ok(api.user.getLoggedInUser)) as User[])[0].isAdmin).toBe(true);
    await runAdmin(['revoke', m.user.name], env);
    expect(((await m.ok(api.user.getLoggedInUser)) as User[])[0].isAdmin).toBe(false);
  });

  it('says what is wrong with a bad command or an unknown name', async () => {
    const env = { DATA_DIR: t.config.dataDir };
    await expect(runAdmin(['promote', 'x'], env)).rejects.toThrow(/usage/);
    await expect(runAdmin(['grant', 'nadie_de_nada'], env)).rejects.toThrow(/no member named/);
  });
});
