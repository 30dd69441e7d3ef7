import { api, type Endpoint, PushClose } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { Client, dialects, listeningApp, member, PASSWORD } from '../../../tests/_util';
import { openPush, within } from '../../../tests/flows/_push';
import { liftEndedBans } from './bans';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('admin area, roles and bans ($name)', (dialect) => {
  const app = listeningApp(dialect);
  const newMember = () => member(app.t.app);
  async function staff(role: 'admin' | 'moderator'): Promise<Member> {
    const m = await newMember();
    await app.setUser(m.user.uid, role === 'admin' ? { is_admin: 1 } : { is_moderator: 1 });
    return m;
  }
  const login = (name: string) => new Client(app.t.app).call(api.profile.login, { name, password: PASSWORD });
  const calls = Object.values(api.admin) as Endpoint[];
  const sampleParams = (e: Endpoint, uid: number): Record<string, unknown> =>
    ({
      findMembers: { query: 'a' },
      getMember: { userId: uid },
      banMember: { userId: uid, reason: 'spam', days: 1 },
      unbanMember: { userId: uid },
      setRole: { userId: uid, role: 'moderator' },
      verifyMember: { userId: uid },
      resolveReport: { reportId: 1, action: 'dismiss' },
    })[e.call] ?? {};

  it('refuses every admin call to visitors (401) and to members (403), changing nothing', async () => {
    const m = await newMember();
    const target = await newMember();
    for (const e of calls) {
      const anon = await new Client(app.t.app).call(e, sampleParams(e, target.user.uid));
      expect(anon.status, e.call).toBe(401);
      const res = await m.call(e, sampleParams(e, target.user.uid));
      expect(res.status, e.call).toBe(403);
      expect(res.body.message).toMatch(/Solo (el equipo|los moderadores) de Tertulia/);
    }
    expect((await target.call(api.user.getLoggedInUser)).status).toBe(200);
  });

  it('lets moderators work the queue and look members up, but not ban or change roles', async () => {
    const mod = await staff('moderator');
    const target = await newMember();
    expect((await mod.ok(api.admin.getDashboard))[0]).toMatchObject({ openReports: expect.any(Number) });
    expect(await mod.ok(api.admin.getReports)).toBeInstanceOf(Array);
    expect(await mod.ok(api.admin.verifyMember, { userId: target.user.uid })).toEqual([true]);
    for (const e of [api.admin.banMember, api.admin.unbanMember, api.admin.setRole]) {
      expect((await mod.call(e, sampleParams(e, target.user.uid))).status, e.call).toBe(403);
    }
  });

  it('refuses an admin the next call after their role is taken away', async () => {
    const boss = await staff('admin');
    const other = await staff('admin');
    expect((await other.call(api.admin.getDashboard)).status).toBe(200);
    expect(await boss.ok(api.admin.setRole, { userId: other.user.uid, role: 'member' })).toEqual([true]);
    expect((await other.call(api.admin.getDashboard)).status).toBe(403);
    expect((await boss.call(api.admin.setRole, { userId: boss.user.uid, role: 'member' })).status).toBe(403);
    expect(await boss.ok(api.admin.setRole, { userId: other.user.uid, role: 'moderator' })).toEqual([true]);
    expect((await other.call(api.admin.getReports)).status).toBe(200);
    expect(
      (await other.call(api.admin.banMember, sampleParams(api.admin.banMember, boss.user.uid))).status,
    ).toBe(403);
  });

  it('bans with a reason and days: sockets close, sessions end, login says why and until when', async () => {
    const boss = await staff('admin');
    const m = await newMember();
    const socket = await openPush(app.baseUrl, { cookie: m.cookieHeader });
    expect(
      await boss.ok(api.admin.banMember, { userId: m.user.uid, reason: 'Spam en el chat', days: 3 }),
    ).toEqual([true]);
    expect((await within(socket.closed, 2000, 'the banned socket')).code).toBe(PushClose.sessionEnded);
    expect((await m.call(api.user.getLoggedInUser)).status).toBe(401);
    const refused = await login(m.user.name);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^Tu cuenta está suspendida hasta el \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)\. Motivo: Spam en el chat$/,
    );
    const [detail] = (await boss.ok(api.admin.getMember, { userId: m.user.uid })) as {
      member: { banned: boolean; banUntil: number; banReason: string };
      activity: { action: string; reason: string }[];
    }[];
    expect(detail.member).toMatchObject({ banned: true, banReason: 'Spam en el chat' });
    expect(detail.member.banUntil).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    expect(detail.activity[0]).toMatchObject({ action: 'ban', reason: 'Spam en el chat' });

    // The ban's end comes: the next login lifts it.
    await app.setUser(m.user.uid, { ban_until: Date.now() - 1000 });
    expect((await login(m.user.name)).status).toBe(200);
  });

  it('lifts ended bans in the background job, and unbans by hand; a ban without days lasts', async () => {
    const boss = await staff('admin');
    const [a, b] = [await newMember(), await newMember()];
    await boss.ok(api.admin.banMember, { userId: a.user.uid, reason: 'x', days: 1 });
    await boss.ok(api.admin.banMember, { userId: b.user.uid, reason: 'Acoso', days: 0 });
    await app.setUser(a.user.uid, { ban_until: Date.now() - 1 });
    expect(await liftEndedBans(app.t.deps.db)).toContain(a.user.uid);
    const refused = await login(b.user.name);
    expect(refused.body.message).toBe(
      'Tu cuenta está suspendida hasta que el equipo la reactive. Motivo: Acoso',
    );
    expect(await boss.ok(api.admin.unbanMember, { userId: b.user.uid })).toEqual([true]);
    expect((await login(b.user.name)).status).toBe(200);
    expect((await login(a.user.name)).status).toBe(200);
  });

  it('audits the older user/banUser.do like the admin ban: a lasting ban in the log', async () => {
    const boss = await staff('admin');
    const m = await newMember();
    expect(await boss.ok(api.people.banUser, { userId: m.user.uid })).toEqual([true]);
    const [log] = (await boss.ok(api.admin.getAuditLog)) as {
      action: string;
      actor: { uid: number };
      targetId: number;
    }[];
    expect(log).toMatchObject({ action: 'ban', actor: { uid: boss.user.uid }, targetId: m.user.uid });
    expect((await login(m.user.name)).body.message).toBe(
      'Tu cuenta está suspendida hasta que el equipo la reactive. Motivo: Incumplir las normas de la comunidad.',
    );
    const mod = await staff('moderator');
    expect((await boss.call(api.people.banUser, { userId: mod.user.uid })).status).toBe(403);
  });

  it('never bans staff or oneself; bad input is refused', async () => {
    const boss = await staff('admin');
    const mod = await staff('moderator');
    const m = await newMember();
    expect(
      (await boss.call(api.admin.banMember, { userId: mod.user.uid, reason: 'x', days: 1 })).status,
    ).toBe(403);
    expect(
      (await boss.call(api.admin.banMember, { userId: boss.user.uid, reason: 'x', days: 1 })).status,
    ).toBe(403);
    const bad = await boss.call(api.admin.banMember, { userId: m.user.uid, reason: '', days: 1 });
    expect(bad.status).toBe(400);
    expect((await boss.call(api.admin.banMember, { userId: m.user.uid, reason: 'x', days: -1 })).status).toBe(
      400,
    );
    expect((await boss.call(api.admin.setRole, { userId: m.user.uid, role: 'god' })).status).toBe(400);
    expect((await m.call(api.user.getLoggedInUser)).status).toBe(200);
  });

  it('finds members by id, email and name prefix with their report counts; verifies by hand', async () => {
    const mod = await staff('moderator');
    const m = await newMember();
    const reporter = await newMember();
    await reporter.ok(api.people.reportUser, { reportedUserID: m.user.uid, comment: 'perfil falso' });
    for (const query of [
      String(m.user.uid),
      `${m.user.name.toUpperCase()}@example.org`,
      m.user.name.slice(0, 8),
    ]) {
      const found = (await mod.ok(api.admin.findMembers, { query })) as {
        uid: number;
        reportsAbout: number;
      }[];
      expect(
        found.find((f) => f.uid === m.user.uid),
        query,
      ).toMatchObject({ reportsAbout: 1 });
    }
    await mod.ok(api.admin.verifyMember, { userId: m.user.uid });
    await app.t.deps.ledger.grant({
      uid: m.user.uid,
      amount: 250,
      reason: 'premio del concurso',
      actorId: 0,
      key: `test-grant:${m.user.uid}`,
    });
    const [detail] = (await mod.ok(api.admin.getMember, { userId: m.user.uid })) as {
      balances: { gold: number };
      ledger: { amount: number; currency: string; kind: string; reason?: string }[];
      member: { verified: boolean };
      reportsAbout: { comment: string; reporter: { uid: number } }[];
      sessions: unknown[];
      activity: { action: string }[];
    }[];
    expect(detail.member.verified).toBe(true);
    expect(detail.reportsAbout[0]).toMatchObject({
      comment: 'perfil falso',
      reporter: { uid: reporter.user.uid },
    });
    expect(detail.sessions.length).toBe(1);
    expect(detail.activity[0].action).toBe('verify');
    expect(detail.balances.gold).toBe(250);
    expect(detail.ledger[0]).toMatchObject({
      amount: 250,
      currency: 'gold',
      kind: 'grant',
      reason: 'premio del concurso',
    });
    expect((await mod.call(api.admin.getMember, { userId: 999_999 })).status).toBe(404);
  });
});
