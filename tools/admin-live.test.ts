import { api, type LiveStreamer } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, testApp } from '../packages/server/tests/_util';
import { runAdmin } from './admin';

type Member = Awaited<ReturnType<typeof member>>;

describe('admin command: live end, the admin page’s use case, audited', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let boss: Member;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
    env = { DATA_DIR: t.config.dataDir };
    boss = await member(t.app);
    await runAdmin(['grant', boss.user.name], env);
  });
  afterAll(() => t.close());

  const goLive = async (who: Member) =>
    ((await who.ok(api.live.startBroadcast, { title: 'En directo' })) as LiveStreamer[])[0]
      .broadcast_id as string;
  const onAir = async (who: Member) =>
    ((await boss.ok(api.live.getBroadcastId, { userId: who.user.uid })) as string[])[0];
  const liveEnds = async (who: Member) =>
    (
      (await boss.ok(api.admin.getAuditLog, { limit: 50 })) as {
        action: string;
        actor: { uid: number };
        targetId?: number;
      }[]
    ).filter((e) => e.action === 'live-end' && e.targetId === who.user.uid);

  it('ends a broadcast named by its streamer or by its id, as the named admin, in the audit log', async () => {
    const star = await member(t.app);
    await goLive(star);
    expect(await runAdmin(['live', 'end', star.user.name, '--by', boss.user.name], env)).toMatch(
      /^live end: .* \(by .*, in the audit log\)$/,
    );
    expect(await onAir(star)).toBe('');
    expect(await liveEnds(star)).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ uid: boss.user.uid }) }),
    ]);

    const id = await goLive(star);
    await runAdmin(['live', 'end', id, '--by', boss.user.name], env);
    expect(await onAir(star)).toBe('');
    expect(await liveEnds(star)).toHaveLength(2);
    // Ended already: said so, and nothing more in the log.
    expect(await runAdmin(['live', 'end', id, '--by', boss.user.name], env)).toMatch(/had already ended$/);
    expect(await liveEnds(star)).toHaveLength(2);
  });

  it('refuses a non-admin, a member off air, an unknown name, and a missing --by', async () => {
    const star = await member(t.app);
    const other = await member(t.app);
    await goLive(star);
    await expect(runAdmin(['live', 'end', star.user.name, '--by', other.user.name], env)).rejects.toThrow(
      'is not an admin',
    );
    expect(await onAir(star)).not.toBe('');
    await expect(runAdmin(['live', 'end', other.user.name, '--by', boss.user.name], env)).rejects.toThrow(
      'is not on air',
    );
    await expect(
      runAdmin(['live', 'end', 'nadie_se_llama_asi', '--by', boss.user.name], env),
    ).rejects.toThrow('no broadcast or member');
    await expect(runAdmin(['live', 'end', star.user.name], env)).rejects.toThrow('usage');
    expect(await liveEnds(star)).toEqual([]);
  });
});
