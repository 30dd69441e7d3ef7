import { randomUUID } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { api, type Endpoint, type ParamsOf } from '@tertulia/contract';
import { loadConfig } from '../packages/server/src/config';
import { createDb, migrateToLatest } from '../packages/server/src/db/index';
import { catalogue } from '../packages/server/src/features/gifts/catalogue';
import { giftStore } from '../packages/server/src/features/gifts/store';
import { ApiError } from '../packages/server/src/http/errors';
import { translate } from '../packages/server/src/i18n/messages';
import { createLedger } from '../packages/server/src/ledger/ledger';

/**
 * The gift catalogue for operators (docs/gifts.md), the same use cases as the admin calls
 * (gift/addGift.do, editGift.do, retireGift.do, grantVoucher.do) and the contract's checks on
 * their params, as the admin named by `--by`:
 *   gift list
 *   gift add NAME --price N --value N --tag TAG [--art twemoji:1f339] [--en NAME] [--discount N]
 *            [--entrance zoom|bounce|float] [--vip] [--team] [--voucher] --by ADMIN
 *   gift edit ID [--name X] [--en X] [--art X] [--price N] [--value N] [--discount N] [--tag X] --by ADMIN
 *   gift retire ID --by ADMIN
 *   gift voucher MEMBER GIFT_ID COUNT --by ADMIN
 */
export const GIFT_USAGE =
  'usage: npm run admin -- gift list | gift add NAME --price N --value N --tag TAG [--art twemoji:CODE] [--en NAME] [--discount N] [--entrance zoom|bounce|float] [--vip] [--team] [--voucher] | gift edit ID [--name|--en|--art|--price|--value|--discount|--tag X] | gift retire ID | gift voucher MEMBER GIFT_ID COUNT  (each but list with --by ADMIN)';

const VALUE_FLAGS = [
  '--by',
  '--price',
  '--value',
  '--tag',
  '--art',
  '--en',
  '--name',
  '--discount',
  '--entrance',
];
const SWITCHES = ['--vip', '--team', '--voucher'];

/** The flags' values and switches, and what is left (the command and its words). */
function parse(argv: string[]) {
  const rest: string[] = [];
  const values = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    if (VALUE_FLAGS.includes(argv[i]) && i + 1 < argv.length) values.set(argv[i], argv[++i]);
    else if (SWITCHES.includes(argv[i])) switches.add(argv[i]);
    else rest.push(argv[i]);
  }
  return { rest, values, switches };
}

/** The params as the contract would take them over HTTP, or the first refusal, in words. */
function checked<E extends Endpoint>(endpoint: E, params: Record<string, unknown>): ParamsOf<E> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  const schema = endpoint.params as Parameters<typeof Value.Check>[0];
  if (!Value.Check(schema, clean)) {
    const first = [...Value.Errors(schema, clean)][0];
    throw new Error(`${first?.path.slice(1) || 'params'}: ${first?.message ?? 'invalid'}`);
  }
  return clean as ParamsOf<E>;
}

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));

export async function runGifts(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { rest, values, switches } = parse(argv);
  const [command, ...words] = rest;
  const db = await createDb(loadConfig(env));
  try {
    await migrateToLatest(db);
    const gifts = catalogue(giftStore(db), createLedger(db));
    if (command === 'list') {
      const all = await gifts.getAll(null, 'es', {});
      return all
        .map((g) => `${g.id}\t${g.tag}\t${g.discounted_price} oro\t${g.name}${g.vip ? ' (VIP)' : ''}`)
        .join('\n');
    }
    const byName = values.get('--by');
    const actor = byName
      ? await db
          .selectFrom('users')
          .selectAll()
          .where('name_lower', '=', byName.toLowerCase())
          .executeTakeFirst()
      : undefined;
    if (!actor) throw new Error(GIFT_USAGE);
    if (!actor.is_admin) throw new Error(`"${byName}" is not an admin`);
    const fields = {
      name: values.get('--name'),
      nameEn: values.get('--en'),
      art: values.get('--art'),
      price: number(values.get('--price')),
      value: number(values.get('--value')),
      discount: number(values.get('--discount')),
      tag: values.get('--tag'),
      entranceAnimation: values.get('--entrance'),
    };
    if (command === 'add') {
      const params = checked(api.gift.addGift, {
        ...fields,
        name: words.join(' ').trim() || undefined,
        vip: switches.has('--vip') || undefined,
        admin: switches.has('--team') || undefined,
        requiresVoucher: switches.has('--voucher') || undefined,
      });
      const [gift] = await gifts.add('es', params);
      return `gift ${gift.id} added: ${gift.name}, ${gift.discounted_price} oro`;
    }
    if (command === 'edit') {
      const params = checked(api.gift.editGift, { ...fields, giftId: number(words[0]) });
      const [gift] = await gifts.edit('es', params);
      return `gift ${gift.id} edited: ${gift.name}, ${gift.discounted_price} oro`;
    }
    if (command === 'retire') {
      const { giftId } = checked(api.gift.retireGift, { giftId: number(words[0]) });
      await gifts.retire(giftId);
      return `gift ${giftId}: retired`;
    }
    if (command === 'voucher') {
      const [memberName, giftText, countText] = words;
      const member = memberName
        ? await db
            .selectFrom('users')
            .select('id')
            .where('name_lower', '=', memberName.toLowerCase())
            .executeTakeFirst()
        : undefined;
      if (!member) throw new Error(`no member named "${memberName ?? ''}"`);
      const params = checked(api.gift.grantVoucher, {
        userId: member.id,
        giftId: number(giftText),
        count: number(countText),
        idempotencyKey: randomUUID(),
      });
      const total = await gifts.grantVoucher(actor, params);
      return `gift ${params.giftId}: ${memberName} has ${total} vouchers`;
    }
    throw new Error(GIFT_USAGE);
  } catch (error) {
    // A use case's refusal carries a catalog key: the operator reads the member-facing text.
    if (error instanceof ApiError) throw new Error(translate('es', error.key, error.vars));
    throw error;
  } finally {
    await db.destroy();
  }
}
