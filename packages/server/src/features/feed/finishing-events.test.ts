import { createHash } from 'node:crypto';
import { api, type Contest, type Conversation, type FeedEvent, FeedEventType } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, feed } from '../../../tests/_social';
import { adminMember, dialects, member, type TestApp, testApp, uniqueId } from '../../../tests/_util';

type Member = Awaited<ReturnType<typeof member>>;
const HOUR = 3_600_000;

/**
 * Feed events 24 (became VIP) and 5 (a badge), Conversation.isVIP and User.imPrivacy
 * (docs/feed-events.md, docs/member-fields.md).
 */
describe.each(dialects)('VIP, badges and their feed events on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const ofType = async (reader: Member, type: number, author: Member) =>
    (await feed(reader, { filter: 3 })).filter((e) => e.type === type && e.userId === author.user.uid);
  const gold = (who: Member, amount: number) =>
    t.deps.ledger.grant({ uid: who.user.uid, amount, reason: 'test', actorId: 0, key: `g:${uniqueId()}` });
  const gems = (who: Member, amount: number) =>
    t.deps.ledger.run({ key: `gems-${uniqueId()}`, fingerprint: 'p', kind: 'test' }, async (_trx, move) => {
      await move([
        {
          from: { system: 'spins', currency: 'gems' },
          to: { member: who.user.uid, currency: 'gems' },
          amount,
        },
      ]);
    });

  it('24: buying VIP is news for friends once; renewing, buying a feature or a replay is not', async () => {
    const [a, b, stranger] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(a, b);
    await gold(a, 3000);
    await a.ok(api.premium.buyPremiumAccess, { feature: 'NO_ADS', offer: 'no_ads_30' });
    expect(await ofType(b, FeedEventType.PREMIUM_ACQUIRED, a)).toEqual([]);
    const idempotencyKey = `vip-${uniqueId()}`;
    await a.ok(api.premium.buyPremiumAccess, { feature: 'VIP', offer: 'vip_30', idempotencyKey });
    await a.ok(api.premium.buyPremiumAccess, { feature: 'VIP', offer: 'vip_30', idempotencyKey });
    await a.ok(api.premium.buyPremiumAccess, { feature: 'VIP', offer: 'vip_30' });
    const events = await ofType(b, FeedEventType.PREMIUM_ACQUIRED, a);
    expect(events).toHaveLength(1);
    expect(events[0].properties?.source?.user?.uid).toBe(a.user.uid);
    // Friends only: the "all" feed of a stranger does not carry it.
    const all = (await feed(stranger, { filter: 1 })).filter((e) => e.userId === a.user.uid);
    expect(all.map((e) => e.type)).not.toContain(FeedEventType.PREMIUM_ACQUIRED);
  });

  it('24: the free trial and VIP days for gems announce a start too', async () => {
    const [a, b, c] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(a, b);
    await befriend(c, b);
    await a.ok(api.premium.startVipTrial);
    expect(await ofType(b, FeedEventType.PREMIUM_ACQUIRED, a)).toHaveLength(1);
    await gems(c, 700);
    await c.ok(api.rewards.exchangeGems, { offer: 'vip7', idempotencyKey: `x-${uniqueId()}` });
    expect(await ofType(b, FeedEventType.PREMIUM_ACQUIRED, c)).toHaveLength(1);
  });

  it('5: verifying one’s address and an admin’s verification each give the badge once', async () => {
    const [a, b, c] = [await member(t.app), await member(t.app), await member(t.app)];
    await befriend(a, b);
    await befriend(c, b);
    const token = `tok-${uniqueId()}`;
    // The link's token as the verification mail would carry it (stored as its SHA-256).
    await t.deps.db
      .insertInto('verification_tokens')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: a.user.uid,
        expires_at: Date.now() + HOUR,
      })
      .execute();
    await b.ok(api.people.verify, { token });
    await a.ok(api.people.verify, { token });
    const [badge] = await ofType(b, FeedEventType.BADGE, a);
    expect(badge.properties?.badge).toEqual({ kind: 'verified' });
    expect(await ofType(b, FeedEventType.BADGE, a)).toHaveLength(1);

    const boss = await adminMember(t);
    await boss.ok(api.admin.verifyMember, { userId: c.user.uid });
    await boss.ok(api.admin.verifyMember, { userId: c.user.uid });
    expect((await ofType(b, FeedEventType.BADGE, c)).map((e) => e.properties?.badge)).toEqual([
      { kind: 'verified' },
    ]);
  });

  it('5: each contest winner gets a badge with the contest and place; entrants who lost get none', async () => {
    const boss = await adminMember(t);
    const [contest] = (await boss.ok(api.rewards.createContest, {
      name: `Sorteo ${uniqueId()}`,
      type: 'random',
      prizes: '300',
      expiration: Date.now() + HOUR,
    })) as Contest[];
    const [a, b] = [await member(t.app), await member(t.app)];
    for (const who of [a, b]) await who.ok(api.rewards.enterContest, { contestId: contest.id });
    await t.deps.db
      .updateTable('contests')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', contest.id)
      .execute();
    await t.rewards.settler.settleDue();
    const badges = async (who: Member) =>
      (
        (await who.ok(api.feed.getEvents, { filter: 4, userId: who.user.uid, limit: 50 })) as FeedEvent[]
      ).filter((e) => e.type === FeedEventType.BADGE);
    const won = [...(await badges(a)), ...(await badges(b))];
    expect(won).toHaveLength(1);
    expect(won[0].properties?.badge).toEqual({
      kind: 'contest',
      contestId: contest.id,
      name: contest.name,
      place: 1,
    });
  });

  it('Conversation.isVIP: true while a member still in it is VIP, false again when VIP ends', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    await befriend(a, b);
    await a.ok(api.messaging.send, { message: 'hola', targetIds: String(b.user.uid), type: 1 });
    const isVip = async (who: Member) =>
      ((await who.ok(api.messaging.getUserConversations, {})) as Conversation[]).map((c) => c.isVIP);
    expect(await isVip(b)).toEqual([false]);
    const vipUntil = (until: number) =>
      t.deps.db.updateTable('users').set({ vip_until: until }).where('id', '=', a.user.uid).execute();
    await vipUntil(Date.now() + HOUR);
    expect(await isVip(b)).toEqual([true]);
    expect(await isVip(a)).toEqual([true]);
    await vipUntil(Date.now() - 1);
    expect(await isVip(b)).toEqual([false]);
  });

  it('User.imPrivacy: the member’s own online visibility, on the logged-in User too, never to others', async () => {
    const [a, b] = [await member(t.app), await member(t.app)];
    await a.ok(api.settings.setPreferences, { onlineVisibility: 1 });
    const [self] = (await a.ok(api.user.getLoggedInUser)) as { imPrivacy?: number }[];
    expect(self.imPrivacy).toBe(1);
    const [seen] = (await b.ok(api.people.getUserById, { userId: a.user.uid })) as { imPrivacy?: number }[];
    expect(seen.imPrivacy).toBeUndefined();
  });
});
