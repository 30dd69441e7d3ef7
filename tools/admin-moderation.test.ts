import { api, type ModerationReport, type Photo } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerboard, uploadPhoto } from '../packages/server/src/media/test-support';
import { Client, member, PASSWORD, testApp } from '../packages/server/tests/_util';
import { runAdmin } from './admin';

type Member = Awaited<ReturnType<typeof member>>;

describe('admin command: the admin area’s actions, audited', () => {
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

  const audit = async () =>
    (await boss.ok(api.admin.getAuditLog, { limit: 20 })) as {
      action: string;
      actor: { uid: number };
      targetId?: number;
      reason?: string;
    }[];
  const login = (name: string) => new Client(t.app).call(api.profile.login, { name, password: PASSWORD });

  it('bans with days and a reason as the named admin: sessions end, login says why, the log has it', async () => {
    const m = await member(t.app);
    const out = await runAdmin(
      ['ban', m.user.name, '2', 'Spam', 'en', 'el', 'chat', '--by', boss.user.name],
      env,
    );
    expect(out).toMatch(/^ban: .* for 2 days \(Spam en el chat\)/);
    expect((await m.call(api.user.getLoggedInUser)).status).toBe(401);
    expect((await login(m.user.name)).body.message).toMatch(
      /suspendida hasta el .* Motivo: Spam en el chat$/,
    );
    expect((await audit())[0]).toMatchObject({
      action: 'ban',
      actor: { uid: boss.user.uid },
      targetId: m.user.uid,
      reason: 'Spam en el chat',
    });
    await runAdmin(['unban', m.user.name, '--by', boss.user.name], env);
    expect((await login(m.user.name)).status).toBe(200);
    expect((await audit())[0]).toMatchObject({ action: 'unban', targetId: m.user.uid });
  });

  it('changes roles and verifies; refuses a moderator’s ban and anyone off the team', async () => {
    const m = await member(t.app);
    await runAdmin(['role', m.user.name, 'moderator', '--by', boss.user.name], env);
    expect((await m.call(api.admin.getReports)).status).toBe(200);
    expect((await audit())[0]).toMatchObject({ action: 'role:moderator', targetId: m.user.uid });
    const other = await member(t.app);
    await runAdmin(['verify', other.user.name, '--by', m.user.name], env);
    expect((await audit())[0]).toMatchObject({ action: 'verify', actor: { uid: m.user.uid } });
    await expect(runAdmin(['ban', other.user.name, '1', 'x', '--by', m.user.name], env)).rejects.toThrow(
      /not an admin/,
    );
    await expect(runAdmin(['verify', m.user.name, '--by', other.user.name], env)).rejects.toThrow(
      /not on the team/,
    );
    // The use case's own rules hold: staff are not banned; the text is the catalog's.
    await expect(runAdmin(['ban', m.user.name, '1', 'x', '--by', boss.user.name], env)).rejects.toThrow(
      'Esta acción no se aplica a miembros del equipo.',
    );
    await expect(runAdmin(['ban', other.user.name, '1', '--by', boss.user.name], env)).rejects.toThrow(
      /usage/,
    );
    await expect(runAdmin(['role', other.user.name, 'god', '--by', boss.user.name], env)).rejects.toThrow(
      /usage/,
    );
  });

  it('quarantines a reported photo from the queue: hidden from others, resolved, logged', async () => {
    const [owner, reporter] = [await member(t.app), await member(t.app)];
    const jpeg = await checkerboard(40, 40).jpeg().toBuffer();
    const [photo] = (await uploadPhoto(owner, { name: 'a.jpg', type: 'image/jpeg', data: jpeg })).body
      .Photo as Photo[];
    await reporter.ok(api.album.reportPhoto, { photoAuthorId: owner.user.uid, photoId: photo.uid });
    const reports = (await boss.ok(api.admin.getReports, {
      kind: 'photo',
      limit: 100,
    })) as ModerationReport[];
    const report = reports.find((r) => r.itemId === photo.uid)!;
    expect(await runAdmin(['quarantine', String(report.id), 'desnudo', '--by', boss.user.name], env)).toMatch(
      /^resolve: report \d+ quarantine/,
    );
    expect((await reporter.call(api.album.getPhoto, { postId: photo.uid })).status).toBe(404);
    expect((await audit())[0]).toMatchObject({ action: 'resolve:quarantine', reason: 'desnudo' });
    await expect(
      runAdmin(['resolve', String(report.id), 'dismiss', '--by', boss.user.name], env),
    ).rejects.toThrow('Esta denuncia ya está resuelta.');
  });
});
