import type { Gift } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import type { LocaleCode } from '../../i18n/messages';
import { member, system, voucher } from '../../ledger/ledger';
import { EMOJI_ART, emojiArtExists } from './emoji-art';
import { toGift } from './present';
import { isOnSale } from './pricing';
import type { GiftRow, GiftStore } from './store';

type GiftFields = {
  name?: string;
  nameEn?: string;
  description?: string;
  art?: string;
  video?: string;
  price?: number;
  discount?: number;
  value?: number;
  startDate?: number;
  endDate?: number;
  vip?: boolean;
  admin?: boolean;
  requiresVoucher?: boolean;
  tag?: string;
  position?: number;
  entranceAnimation?: string;
  exitAnimation?: string;
};

const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);

/** The columns an admin's add or edit sets (only the fields given). */
function columnsOf(p: GiftFields) {
  const columns = {
    name: p.name,
    name_en: p.nameEn,
    description: p.description,
    art: p.art,
    video: p.video,
    price: p.price,
    discount: p.discount,
    value: p.value,
    start_date: p.startDate,
    end_date: p.endDate,
    vip: flag(p.vip),
    admin: flag(p.admin),
    requires_voucher: flag(p.requiresVoucher),
    tag: p.tag,
    position: p.position,
    entrance_animation: p.entranceAnimation,
    exit_animation: p.exitAnimation,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/**
 * What the contract's patterns cannot say: an emoji recipe names a file the installed set has,
 * and a sale ends after it starts (with the row's other date when only one is given).
 */
function check(p: GiftFields, row?: GiftRow) {
  if (p.art && EMOJI_ART.test(p.art) && !emojiArtExists(p.art)) throw invalid('art', 'gifts.artUnknown');
  const start = p.startDate ?? row?.start_date;
  const end = p.endDate ?? row?.end_date;
  if (start != null && end != null && end <= start) throw invalid('endDate', 'gifts.datesOrder');
}

/** The catalogue: what members browse, and the admins' calls that change it. */
export function catalogue(store: GiftStore, ledger: Deps['ledger']) {
  async function present(rows: GiftRow[], locale: LocaleCode, viewer: UserRow | null): Promise<Gift[]> {
    const voucherIds = rows.filter((r) => r.requires_voucher).map((r) => r.id);
    const vouchers = viewer ? await ledger.vouchers(viewer.id, voucherIds) : new Map<number, number>();
    return rows.map((r) => toGift(r, locale, vouchers.get(r.id)));
  }

  async function existing(id: number): Promise<GiftRow> {
    const row = await store.byId(id);
    if (!row) throw notFound('gifts.notFound');
    return row;
  }

  return {
    async getAll(
      viewer: UserRow | null,
      locale: LocaleCode,
      p: { filterUnavailable?: boolean; tag?: string },
    ) {
      const now = Date.now();
      const rows = await store.catalogue(p.tag);
      return present(p.filterUnavailable ? rows.filter((r) => isOnSale(r, now)) : rows, locale, viewer);
    },

    async getByTag(viewer: UserRow | null, locale: LocaleCode, tag: string) {
      const now = Date.now();
      return present(
        (await store.catalogue(tag)).filter((r) => isOnSale(r, now)),
        locale,
        viewer,
      );
    },

    async getGift(viewer: UserRow | null, locale: LocaleCode, giftId: number) {
      return present([await existing(giftId)], locale, viewer);
    },

    async add(
      locale: LocaleCode,
      p: GiftFields & { name: string; price: number; value: number; tag: string },
    ) {
      check(p);
      const id = await store.insertGift({
        name: p.name,
        name_en: p.nameEn ?? p.name,
        art: p.art ?? 'twemoji:1f381',
        price: p.price,
        value: p.value,
        tag: p.tag,
        ...columnsOf(p),
        created_at: Date.now(),
      });
      return [toGift(await existing(id), locale)];
    },

    async edit(locale: LocaleCode, p: GiftFields & { giftId: number }) {
      const { giftId, ...fields } = p;
      check(fields, await existing(giftId));
      if (!(await store.updateGift(giftId, columnsOf(fields)))) throw notFound('gifts.notFound');
      return [toGift(await existing(giftId), locale)];
    },

    async retire(giftId: number) {
      if (!(await store.updateGift(giftId, { retired: 1 }))) throw notFound('gifts.notFound');
      return true;
    },

    /**
     * Vouchers are a ledger currency (docs/ledger.md): a grant is a transfer from the house's
     * grants, once per the admin's key. Answers the member's vouchers for the gift.
     */
    async grantVoucher(
      admin: UserRow,
      p: { userId: number; giftId: number; count: number; idempotencyKey: string },
    ) {
      await existing(p.giftId);
      const currency = voucher(p.giftId);
      await ledger.run(
        {
          key: `voucher-grant:${admin.id}:${p.idempotencyKey}`,
          fingerprint: `voucher-grant:${p.userId}:${p.giftId}:${p.count}`,
          kind: 'grant',
          actorId: admin.id,
        },
        async (_trx, move) => {
          await move([{ from: system('grants', currency), to: member(p.userId, currency), amount: p.count }]);
          return p.count;
        },
      );
      return (await ledger.vouchers(p.userId, [p.giftId])).get(p.giftId) ?? 0;
    },
  };
}
