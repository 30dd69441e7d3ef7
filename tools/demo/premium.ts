import type { Db } from '../../packages/server/src/db/index';
import { createLedger, member, system } from '../../packages/server/src/ledger/ledger';

const DAY = 24 * 3_600_000;

/** House ads of the demo: product pages only, in both languages. */
const HOUSE_ADS = [
  {
    title: 'Hazte VIP',
    body: 'Sin anuncios, modo invisible y quién vio tu perfil.',
    link: '/html/gold/',
    locale: 'es',
  },
  { title: 'Salas de chat abiertas', body: 'Entra en la tertulia de hoy.', link: '/chat/', locale: 'es' },
  {
    title: 'Conoce gente cerca',
    body: 'Busca por ciudad, edad e intereses.',
    link: '/html/search.jsp',
    locale: 'es',
  },
  {
    title: 'Go VIP',
    body: 'No ads, invisible mode and who viewed your profile.',
    link: '/html/gold/',
    locale: 'en',
  },
];

/**
 * Premium in the demo (docs/premium.md): lucia and diego keep their permanent VIP star, sofia has
 * a month of bought VIP (through the ledger, like a member would), mateo and carlos are not VIP;
 * valentina is in the spotlight; house ads run; sofia also has an active monthly VIP subscription
 * (test provider). Seeding twice adds nothing.
 */
export async function seedPremium(db: Db, ids: Map<string, number>): Promise<void> {
  const ledger = createLedger(db);
  const now = Date.now();
  const sofia = ids.get('sofia')!;
  await ledger.grant({ uid: sofia, amount: 2000, reason: 'demo', actorId: 0, key: 'demo:gold:sofia' });
  await ledger.run(
    { key: 'demo:vip:sofia', fingerprint: 'premium:VIP:vip_30', kind: 'premium', actorId: sofia },
    async (trx, move) => {
      await move([{ from: member(sofia, 'gold'), to: system('premium', 'gold'), amount: 900 }]);
      await trx
        .updateTable('users')
        .set({ vip_until: now + 30 * DAY })
        .where('id', '=', sofia)
        .execute();
      return true;
    },
  );
  const valentina = ids.get('valentina')!;
  await ledger.grant({
    uid: valentina,
    amount: 1000,
    reason: 'demo',
    actorId: 0,
    key: 'demo:gold:valentina',
  });
  await ledger.run(
    {
      key: 'demo:spotlight:valentina',
      fingerprint: 'spotlight:spotlight_24h',
      kind: 'spotlight',
      actorId: valentina,
    },
    async (trx, move) => {
      await move([{ from: member(valentina, 'gold'), to: system('spotlights', 'gold'), amount: 400 }]);
      // A demo spotlight lasts a month so the strip is not empty the day after seeding.
      await trx
        .insertInto('spotlights')
        .values({
          user_id: valentina,
          transfer_key: 'demo:spotlight:valentina',
          starts_at: now,
          ends_at: now + 30 * DAY,
          created_at: now,
        })
        .execute();
      return true;
    },
  );
  // Sofia also pays a monthly VIP subscription through the test provider (the VIP page shows it
  // active, with its renewal date and the cancel button).
  const subscribed = await db
    .selectFrom('vip_subscriptions')
    .select('id')
    .where('provider_ref', '=', 'demo_sub_sofia')
    .executeTakeFirst();
  if (!subscribed)
    await db
      .insertInto('vip_subscriptions')
      .values({
        user_id: sofia,
        provider: 'test',
        provider_ref: 'demo_sub_sofia',
        offer: 'vip_monthly',
        state: 'active',
        period_end: now + 30 * DAY,
        created_at: now,
        updated_at: now,
      })
      .execute();
  for (const ad of HOUSE_ADS) {
    const existing = await db
      .selectFrom('house_ads')
      .select('id')
      .where('title', '=', ad.title)
      .executeTakeFirst();
    if (!existing)
      await db
        .insertInto('house_ads')
        .values({ ...ad, created_at: now })
        .execute();
  }
}
