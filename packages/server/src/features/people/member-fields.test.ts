import { api, CHAT_POINTS_PER_DAY, type ChatRoom, type User, VideoStatus } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { dialects, listeningApp, member } from '../../../tests/_util';

type Member = Awaited<ReturnType<typeof member>>;

// The User fields kept or derived by docs/member-fields.md: each changes when its action happens.
describe.each(dialects)('member fields on $name', (dialect) => {
  const app = listeningApp(dialect);
  const userById = async (viewer: Member, userId: number) =>
    ((await viewer.ok(api.people.getUserById, { userId })) as User[])[0];
  const admin = async () => {
    const who = await member(app.t.app);
    await app.setUser(who.user.uid, { is_admin: 1 });
    return who;
  };
  const befriend = (a: number, b: number) =>
    app.t.deps.db
      .insertInto('friendships')
      .values([
        { user_id: a, friend_id: b, created_at: 1 },
        { user_id: b, friend_id: a, created_at: 1 },
      ])
      .execute();
  const room = async (owner: Member) => {
    const name = `Sala ${Math.random().toString(36).slice(2, 8)}`;
    const [created] = (await owner.ok(api.chat.createRoom, { name, roomType: 2 })) as ChatRoom[];
    return created.id as number;
  };

  it('public room lines earn chat points, capped per day; creds and tier follow', async () => {
    const talker = await member(app.t.app);
    const other = await member(app.t.app);
    expect(await userById(other, talker.user.uid)).toMatchObject({ chatPoints: 0, creds: 0, tier: 0 });
    const roomId = await room(talker);
    await talker.ok(api.chat.enterRoom, { roomId });
    await other.ok(api.chat.enterRoom, { roomId });
    for (const message of ['hola', 'qué tal', 'buenas'])
      await talker.ok(api.chat.sendMessage, { roomId, message });
    // A private line in the room earns nothing.
    await talker.ok(api.chat.sendPrivateMessage, { roomId, userId: other.user.uid, message: 'psst' });
    expect(await userById(other, talker.user.uid)).toMatchObject({ chatPoints: 3, creds: 3, lovePoints: 0 });

    // At the day's cap a line earns nothing more.
    const today = Math.floor(Date.now() / 86_400_000);
    await app.t.deps.db
      .updateTable('member_points')
      .set({ chat_today: CHAT_POINTS_PER_DAY, chat_day: today })
      .where('user_id', '=', talker.user.uid)
      .execute();
    await talker.ok(api.chat.sendMessage, { roomId, message: 'otra' });
    expect((await userById(other, talker.user.uid)).chatPoints).toBe(3);
    // A new day starts the count again.
    await app.t.deps.db
      .updateTable('member_points')
      .set({ chat_day: today - 1 })
      .where('user_id', '=', talker.user.uid)
      .execute();
    await talker.ok(api.chat.sendMessage, { roomId, message: 'mañana' });
    expect((await userById(other, talker.user.uid)).chatPoints).toBe(4);

    // Profile views count one cred per ten; 50 creds make tier 1.
    await app.setUser(talker.user.uid, { view_count: 460 });
    expect(await userById(other, talker.user.uid)).toMatchObject({ creds: 50, tier: 1, viewCount: 460 });
    // The member sees the same on their own profile.
    expect(await userById(talker, talker.user.uid)).toMatchObject({ chatPoints: 4, creds: 50, tier: 1 });
  });

  it('reports by distinct members flag for admins; an admin flag shows to everyone', async () => {
    const target = await member(app.t.app);
    const viewer = await member(app.t.app);
    const boss = await admin();
    const reporters = [await member(app.t.app), await member(app.t.app), await member(app.t.app)];
    await reporters[0].ok(api.people.reportUser, { reportedUserID: target.user.uid });
    await reporters[0].ok(api.people.reportUser, { reportedUserID: target.user.uid, comment: 'otra vez' });
    await reporters[1].ok(api.people.reportUser, { reportedUserID: target.user.uid });
    // Two distinct reporters: not yet.
    expect((await userById(boss, target.user.uid)).isFlagged).toBe(false);
    await reporters[2].ok(api.people.reportUser, { reportedUserID: target.user.uid });
    expect((await userById(boss, target.user.uid)).isFlagged).toBe(true);
    // Reports alone never brand a member in front of other members.
    expect((await userById(viewer, target.user.uid)).isFlagged).toBe(false);

    // Only admins set flags, and bad input changes nothing.
    expect(
      (await viewer.call(api.people.setMemberFlags, { userId: target.user.uid, flagged: true })).status,
    ).toBe(403);
    const bad = await boss.call(api.people.setMemberFlags, { userId: target.user.uid, flagged: 'quizá' });
    expect(bad.status).toBe(400);
    expect((await userById(viewer, target.user.uid)).isFlagged).toBe(false);
    expect((await boss.call(api.people.setMemberFlags, { userId: 99_999_999, flagged: true })).status).toBe(
      404,
    );

    await boss.ok(api.people.setMemberFlags, {
      userId: target.user.uid,
      flagged: true,
      featuredArtist: true,
    });
    expect(await userById(viewer, target.user.uid)).toMatchObject({
      isFlagged: true,
      isFeaturedArtist: true,
      isFanProfile: false,
    });
    await boss.ok(api.people.setMemberFlags, { userId: target.user.uid, fanProfile: true, flagged: false });
    expect(await userById(viewer, target.user.uid)).toMatchObject({
      isFlagged: false,
      isFeaturedArtist: true,
      isFanProfile: true,
    });
  });

  it('a room report counts as a report too', async () => {
    const target = await member(app.t.app);
    const boss = await admin();
    for (let i = 0; i < 3; i++) {
      const who = await member(app.t.app);
      await who.ok(api.chat.reportChatUser, { userId: target.user.uid, comment: 'spam' });
    }
    expect((await userById(boss, target.user.uid)).isFlagged).toBe(true);
  });

  it('video status, song, areacode, emoticon; own-only fields stay own; blocks hold', async () => {
    const a = await member(app.t.app);
    const b = await member(app.t.app);
    await a.ok(api.people.updateProfile, {
      willAcceptVideoCall: 'true',
      postalCode: '08012',
      song: 'Bésame mucho',
    });
    const seen = await userById(b, a.user.uid);
    expect(seen).toMatchObject({
      video: VideoStatus.FRIENDSHIP_REQUIRED,
      song: 'Bésame mucho',
      areacode: '08',
    });
    expect(seen.uploadCode).toBeUndefined();
    expect(seen.imPrivacy).toBeUndefined();
    await befriend(a.user.uid, b.user.uid);
    expect((await userById(b, a.user.uid)).video).toBe(VideoStatus.SUPPORTED);
    await a.ok(api.people.updateProfile, { willAcceptVideoCall: 'false' });
    expect((await userById(b, a.user.uid)).video).toBe(VideoStatus.USER_NOT_SUPPORTED);

    expect((await userById(b, a.user.uid)).emoticon).toBe('default');
    await a.ok(api.chat.setEmoticonPath, { path: 'clasico' });
    expect((await userById(b, a.user.uid)).emoticon).toBe('clasico');

    const own = await userById(a, a.user.uid);
    expect(own.uploadCode).toMatch(/^[0-9a-f]{10}$/);
    expect(own.imPrivacy).toBe(0);
    await a.ok(api.settings.setPreferences, { onlineVisibility: 2 });
    expect((await userById(a, a.user.uid)).imPrivacy).toBe(2);

    await a.ok(api.people.blockUser, { userId: b.user.uid });
    expect((await b.call(api.people.getUserById, { userId: a.user.uid })).status).toBe(404);
  });
});
