import { api, type Gift } from '@tertulia/contract';
import type { TestApp } from './_util';
import { member, type Standing, setStanding, uniqueId } from './_util';

/** Shared steps of the gift tests: members with gold, admins, VIPs, a gift made to measure. */
export type Member = Awaited<ReturnType<typeof member>>;

export function giftSteps(app: () => TestApp) {
  const steps = {
    member: () => member(app().app),
    setUser: (uid: number, values: Standing) => setStanding(app(), uid, values),
    async withGold(gold: number, extra: Standing = {}) {
      const who = await member(app().app);
      if (gold > 0)
        await app().deps.ledger.grant({
          uid: who.user.uid,
          amount: gold,
          reason: 'test',
          actorId: 0,
          key: `grant:${uniqueId()}`,
        });
      if (Object.keys(extra).length) await steps.setUser(who.user.uid, extra);
      return who;
    },
    async admin() {
      return steps.withGold(0, { is_admin: 1 });
    },
    /** Gives a member love points through the ledger. */
    grantLove: (who: Member, amount: number) =>
      app().deps.ledger.grant({
        uid: who.user.uid,
        amount,
        reason: 'test',
        actorId: 0,
        key: `love-grant:${uniqueId()}`,
        currency: 'love',
      }),
    /** A gift an admin adds with the given fields (price 20, value 10 unless given). */
    async gift(admin: Member, fields: Record<string, unknown> = {}): Promise<Gift> {
      const [gift] = (await admin.ok(api.gift.addGift, {
        name: `Regalo ${uniqueId()}`,
        price: 20,
        value: 10,
        tag: 'amistad',
        ...fields,
      })) as Gift[];
      return gift;
    },
    async gold(who: Member) {
      return ((await who.ok(api.gift.fetchMocoGoldBalance)) as number[])[0];
    },
    async gems(who: Member) {
      return ((await who.ok(api.rewards.getGems)) as { gems: number }[])[0].gems;
    },
  };
  return steps;
}
