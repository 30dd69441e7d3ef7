import { api, type ModerationReport, type Notification } from '@tertulia/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp, member } from '../../../tests/_util';
import { roomSteps } from '../chat/_test-room';

type Member = Awaited<ReturnType<typeof member>>;

describe.each(dialects)('moderation queue ($name)', (dialect) => {
  const app = listeningApp(dialect);
  const room = roomSteps(app);
  async function staff(role: 'admin' | 'moderator'): Promise<Member> {
    const m = await member(app.t.app);
    await app.setUser(m.user.uid, role === 'admin' ? { is_admin: 1 } : { is_moderator: 1 });
    return m;
  }
  const queue = async (who: Member, params: Record<string, unknown> = {}) =>
    (await who.ok(api.admin.getReports, { limit: 100, ...params })) as ModerationReport[];
  const about = (reports: ModerationReport[], uid: number) => reports.filter((r) => r.reported.uid === uid);
  const notices = async (who: Member) => (await who.ok(api.user.getNotifications)) as Notification[];
  const audit = async (who: Member) =>
    (await who.ok(api.admin.getAuditLog, { limit: 100 })) as {
      action: string;
      reportId?: number;
      targetId?: number;
    }[];

  it('shows a profile report with the member, and a room report with the lines around theirs', async () => {
    const mod = await staff('moderator');
    const [owner, rude, reporter] = [await room.member(), await room.member(), await room.member()];
    await app.setUser(rude.user.uid, { about: 'Vendo seguidores baratos' });
    const r = await room.create(owner);
    await room.enter(rude, r.id);
    await room.enter(owner, r.id);
    await owner.ok(api.chat.sendMessage, { roomId: r.id, message: 'hola a todos' });
    await rude.ok(api.chat.sendMessage, { roomId: r.id, message: 'eres un idiota' });
    await owner.ok(api.chat.sendMessage, { roomId: r.id, message: 'qué maleducado' });
    await reporter.ok(api.people.reportUser, { reportedUserID: rude.user.uid, comment: 'spam' });
    await owner.ok(api.chat.reportChatUser, { userId: rude.user.uid, comment: 'insulta' });

    const reports = about(await queue(mod), rude.user.uid);
    const profile = reports.find((x) => x.kind === 'user')!;
    expect(profile).toMatchObject({
      comment: 'spam',
      reporter: { uid: reporter.user.uid },
      context: { type: 'member', title: rude.user.name, text: 'Vendo seguidores baratos' },
    });
    expect(profile.actions).toEqual(expect.arrayContaining(['dismiss', 'warn', 'remove', 'gag', 'ban']));
    const chat = reports.find((x) => x.kind === 'chat')!;
    expect(chat.context.type).toBe('chatLines');
    // The lines around the reported one, in order; the report came after the last.
    expect(chat.context.lines!.map((l) => [l.message, l.reported])).toEqual([
      ['hola a todos', false],
      ['eres un idiota', true],
      ['qué maleducado', false],
    ]);
    expect(chat.context.lines![1].room).toBe(r.name);
  });

  it('shows a kind no provider knows with its raw fields, and puts repeat targets first', async () => {
    const mod = await staff('moderator');
    const [target, often] = [await member(app.t.app), await member(app.t.app)];
    const reporters = [await member(app.t.app), await member(app.t.app), await member(app.t.app)];
    await app.t.deps.db
      .insertInto('reports')
      .values({
        reporter_id: reporters[0].user.uid,
        reported_id: target.user.uid,
        kind: 'hologram',
        item_id: 77,
        comment: 'raro',
        created_at: Date.now() - 60_000,
      })
      .execute();
    for (const r of reporters) await r.ok(api.people.reportUser, { reportedUserID: often.user.uid });
    const reports = await queue(mod);
    const raw = about(reports, target.user.uid)[0];
    expect(raw.context).toEqual({
      type: 'raw',
      fields: expect.objectContaining({ kind: 'hologram', itemId: 77, comment: 'raro' }),
    });
    expect(raw.actions).not.toContain('remove');
    const oftenAt = reports.findIndex((x) => x.reported.uid === often.user.uid);
    expect(reports[oftenAt].targetReports).toBe(3);
    expect(reports.indexOf(raw)).toBeGreaterThan(oftenAt + 2);
    expect(about(await queue(mod, { kind: 'hologram' }), target.user.uid)).toHaveLength(1);
  });

  it('dismiss closes every report on the target, tells nobody, and is in the audit log', async () => {
    const mod = await staff('moderator');
    const target = await member(app.t.app);
    const [a, b] = [await member(app.t.app), await member(app.t.app)];
    await a.ok(api.people.reportUser, { reportedUserID: target.user.uid });
    await b.ok(api.people.reportUser, { reportedUserID: target.user.uid });
    const [first] = about(await queue(mod), target.user.uid);
    expect(await mod.ok(api.admin.resolveReport, { reportId: first.id, action: 'dismiss' })).toEqual([true]);
    expect(about(await queue(mod), target.user.uid)).toEqual([]);
    const resolved = about(await queue(mod, { status: 'resolved' }), target.user.uid);
    expect(resolved.map((r) => r.resolution)).toEqual(['dismiss', 'dismiss']);
    expect(await notices(a)).toEqual([]);
    expect((await audit(mod)).find((e) => e.reportId === first.id)).toMatchObject({
      action: 'resolve:dismiss',
    });
    // Resolved already: refused, nothing changes.
    const again = await mod.call(api.admin.resolveReport, { reportId: first.id, action: 'warn' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Esta denuncia ya está resuelta.');
  });

  it('warn tells the member and each reporter; remove clears the profile text; gag mutes in chat', async () => {
    const mod = await staff('moderator');
    const target = await member(app.t.app);
    const reporter = await member(app.t.app);
    await app.setUser(target.user.uid, { about: 'texto ofensivo' });
    const reportOnce = async () => {
      await reporter.ok(api.people.reportUser, { reportedUserID: target.user.uid });
      return about(await queue(mod), target.user.uid)[0].id;
    };

    await mod.ok(api.admin.resolveReport, { reportId: await reportOnce(), action: 'warn' });
    expect((await notices(target))[0]).toMatchObject({
      kind: 'moderationWarning',
      text: expect.stringMatching(/normas/),
    });
    expect((await notices(reporter))[0]).toMatchObject({
      kind: 'reportActed',
      text: 'Revisamos tu denuncia y tomamos medidas. Gracias por ayudarnos a que Tertulia siga siendo divertida y segura.',
    });

    await mod.ok(api.admin.resolveReport, { reportId: await reportOnce(), action: 'remove' });
    const row = () =>
      app.t.deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', target.user.uid)
        .executeTakeFirstOrThrow();
    expect((await row()).about).toBeNull();

    await mod.ok(api.admin.resolveReport, { reportId: await reportOnce(), action: 'gag' });
    expect(Number((await row()).chat_gag_until)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    // Quarantine is for kinds with content that can wait for approval: not a member.
    const refused = await mod.call(api.admin.resolveReport, {
      reportId: await reportOnce(),
      action: 'quarantine',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Esta acción no existe para este tipo de denuncia.');
    const actions = (await audit(mod)).filter((e) => e.targetId === target.user.uid).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['resolve:gag', 'resolve:remove', 'resolve:warn']);
    expect((await notices(reporter)).filter((n) => n.kind === 'reportActed')).toHaveLength(3);
  });

  it('ban from the queue needs an admin; it ends the member’s access and is logged twice', async () => {
    const mod = await staff('moderator');
    const boss = await staff('admin');
    const target = await member(app.t.app);
    const reporter = await member(app.t.app);
    await reporter.ok(api.people.reportUser, { reportedUserID: target.user.uid });
    const [report] = about(await queue(mod), target.user.uid);
    expect(
      (await mod.call(api.admin.resolveReport, { reportId: report.id, action: 'ban', days: 2 })).status,
    ).toBe(403);
    expect((await target.call(api.user.getLoggedInUser)).status).toBe(200);
    await boss.ok(api.admin.resolveReport, { reportId: report.id, action: 'ban', days: 2, reason: 'Estafa' });
    expect((await target.call(api.user.getLoggedInUser)).status).toBe(401);
    const log = (await audit(boss)).filter((e) => e.targetId === target.user.uid);
    expect(log.map((e) => e.action)).toEqual(['resolve:ban', 'ban']);
    expect((await notices(reporter))[0].kind).toBe('reportActed');
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const mod = await staff('moderator');
    const target = await member(app.t.app);
    await mod.ok(api.admin.verifyMember, { userId: target.user.uid });
    const db = app.t.deps.db;
    await expect(sql`UPDATE moderation_log SET action = 'nothing'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM moderation_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await audit(mod)).some((e) => e.action === 'verify' && e.targetId === target.user.uid)).toBe(
      true,
    );
  });
});
