import { api, type Gift } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMember, member, testApp } from '../packages/server/tests/_util';
import { runAdmin } from './admin';

describe('admin command: gifts', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  it('adds, edits, retires gifts and gives vouchers as a named admin; members see it', async () => {
    const admin = await adminMember(t);
    const ana = await member(t.app);
    const env = { DATA_DIR: t.config.dataDir };
    const by = ['--by', admin.user.name];
    const added = await runAdmin(
      [
        'gift',
        'add',
        'Piruleta',
        'gigante',
        '--price',
        '12',
        '--value',
        '6',
        '--tag',
        'comida',
        '--art',
        'twemoji:1f36d',
        '--en',
        'Giant lollipop',
        '--voucher',
        ...by,
      ],
      env,
    );
    const id = Number(/^gift (\d+) added: Piruleta gigante, 12 oro$/.exec(added)?.[1]);
    expect(id).toBeGreaterThan(0);
    const [gift] = (await ana.ok(api.gift.getGift, { giftId: id })) as Gift[];
    expect(gift).toMatchObject({
      name: 'Piruleta gigante',
      price: 12,
      value: 6,
      requires_voucher: true,
      vouchers: 0,
    });
    expect(await runAdmin(['gift', 'edit', String(id), '--price', '15', ...by], env)).toBe(
      `gift ${id} edited: Piruleta gigante, 15 oro`,
    );
    expect(await runAdmin(['gift', 'voucher', ana.user.name, String(id), '3', ...by], env)).toBe(
      `gift ${id}: ${ana.user.name} has 3 vouchers`,
    );
    expect(((await ana.ok(api.gift.getGift, { giftId: id })) as Gift[])[0].vouchers).toBe(3);
    expect(await runAdmin(['gift', 'list'], env)).toContain(`${id}\tcomida\t15 oro\tPiruleta gigante`);
    expect(await runAdmin(['gift', 'retire', String(id), ...by], env)).toBe(`gift ${id}: retired`);
    expect(((await ana.ok(api.gift.getAll)) as Gift[]).some((g) => g.id === id)).toBe(false);
  });

  it('refuses what the admin calls refuse, with the same words', async () => {
    const admin = await adminMember(t);
    const m = await member(t.app);
    const env = { DATA_DIR: t.config.dataDir };
    const by = ['--by', admin.user.name];
    await expect(
      runAdmin(['gift', 'add', 'Nada', '--price', '0', '--value', '1', '--tag', 'amor', ...by], env),
    ).rejects.toThrow('price');
    await expect(
      runAdmin(
        [
          'gift',
          'add',
          'Nada',
          '--price',
          '5',
          '--value',
          '1',
          '--tag',
          'amor',
          '--art',
          'twemoji:fffff',
          ...by,
        ],
        env,
      ),
    ).rejects.toThrow('Esa ilustración no existe');
    await expect(runAdmin(['gift', 'retire', '999999', ...by], env)).rejects.toThrow(
      'Ese regalo no existe o ya no está disponible.',
    );
    await expect(runAdmin(['gift', 'retire', '1', '--by', m.user.name], env)).rejects.toThrow(
      'is not an admin',
    );
    await expect(runAdmin(['gift', 'retire', '1'], env)).rejects.toThrow('usage');
  });
});
