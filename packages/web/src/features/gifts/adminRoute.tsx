import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Gift, type User } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { addGift, editGift, grantVoucher, retireGift } from '../../api/areas/gift';
import { listQuery } from '../../api/query';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/dialog/confirm';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { GiftImage } from '../../ui/gift/GiftImage';
import { memberNamed, NamePicker } from '../../ui/member/NamePicker';
import { toast } from '../../ui/toast/toastStore';
import { AdminFrame } from '../admin/AdminFrame';
import { addGiftParams, EMPTY_GIFT_FORM, ENTRANCES, emojiOfRecipe, type GiftForm } from './adminForm';
import styles from './GiftAdmin.module.css';
import './texts';

/** The whole catalogue (off-sale gifts too), as admins manage it. */
const catalogueQuery = listQuery(api.gift.getAll, {});

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [api.gift.getAll.path] });
}

/** A new gift: names, artwork (an emoji of Twemoji or OpenMoji), price, value, tag, flags. */
function NewGiftForm() {
  const { t } = useI18n();
  const refresh = useRefresh();
  const [form, setForm] = useState(EMPTY_GIFT_FORM);
  const save = useMutation({
    mutationFn: () => addGift(addGiftParams(form)),
    meta: { silent: true },
    onSuccess: async ([gift]) => {
      setForm(EMPTY_GIFT_FORM);
      await refresh();
      toast.success(t('gifts.admin.added', { name: gift?.name ?? '' }));
    },
  });
  const set = (key: keyof GiftForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const flag = (key: 'vip' | 'admin' | 'requiresVoucher') => (
    <label>
      <input
        type="checkbox"
        checked={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))}
      />{' '}
      {t(`gifts.admin.flag.${key}`)}
    </label>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const preview = emojiOfRecipe(form.art);
  return (
    <form onSubmit={submit} className={styles.panel} noValidate data-testid="gift-admin-new">
      <h2>{t('gifts.admin.new')}</h2>
      {save.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(save.error)}
        </p>
      )}
      <div className={styles.grid}>
        <Field
          label={t('gifts.admin.name')}
          value={form.name}
          onChange={set('name')}
          maxLength={60}
          required
        />
        <Field label={t('gifts.admin.nameEn')} value={form.nameEn} onChange={set('nameEn')} maxLength={60} />
        <Field
          label={t('gifts.admin.art')}
          value={form.art}
          onChange={set('art')}
          maxLength={60}
          aria-describedby="gift-art-hint"
        />
        <p id="gift-art-hint" className={styles.hint}>
          {preview && (
            <span className={styles.emoji} aria-hidden="true">
              {preview}
            </span>
          )}
          {t('gifts.admin.artHint')}
        </p>
        <Field
          label={t('gifts.admin.price')}
          type="number"
          min={1}
          value={form.price}
          onChange={set('price')}
        />
        <Field
          label={t('gifts.admin.discount')}
          type="number"
          min={0}
          max={90}
          value={form.discount}
          onChange={set('discount')}
        />
        <Field
          label={t('gifts.admin.value')}
          type="number"
          min={1}
          value={form.value}
          onChange={set('value')}
        />
        <Field label={t('gifts.admin.tag')} value={form.tag} onChange={set('tag')} maxLength={30} />
        <label className={styles.select}>
          {t('gifts.admin.entrance')}{' '}
          <select value={form.entranceAnimation} onChange={set('entranceAnimation')}>
            {ENTRANCES.map((e) => (
              <option key={e} value={e}>
                {t(`gifts.admin.entrance.${e}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className={styles.flags}>
        {flag('vip')} {flag('admin')} {flag('requiresVoucher')}
      </p>
      <Button type="submit" disabled={save.isPending || !form.name.trim()}>
        {t('gifts.admin.add')}
      </Button>
    </form>
  );
}

/** One gift of the catalogue: its price can change, and it can be retired after a confirmation. */
function GiftRow({ gift }: { gift: Gift }) {
  const { t } = useI18n();
  const refresh = useRefresh();
  const [price, setPrice] = useState(String(gift.price ?? ''));
  const edit = useMutation({
    mutationFn: () => editGift({ giftId: gift.id, price: Number(price) }),
    meta: { silent: true },
    onSuccess: async () => {
      await refresh();
      toast.success(t('gifts.admin.saved', { name: gift.name ?? '' }));
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const retire = useMutation({
    mutationFn: () => retireGift({ giftId: gift.id }),
    onSuccess: async () => {
      await refresh();
      toast.success(t('gifts.admin.retired', { name: gift.name ?? '' }));
    },
  });
  const flags = [
    gift.vip && 'VIP',
    gift.admin && t('gifts.admin.flag.admin'),
    gift.requires_voucher && t('gifts.admin.flag.requiresVoucher'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className={styles.row} data-testid="gift-admin-row">
      <GiftImage giftId={gift.id} alt="" size={40} />
      <span className={styles.rowName}>
        <strong>{gift.name}</strong>
        <small>
          {gift.tag}
          {flags && ` · ${flags}`}
        </small>
      </span>
      <input
        className={styles.price}
        type="number"
        min={1}
        value={price}
        aria-label={t('gifts.admin.priceOf', { name: gift.name ?? '' })}
        onChange={(e) => setPrice(e.target.value)}
      />
      <Button
        variant="secondary"
        disabled={edit.isPending || price === String(gift.price)}
        onClick={() => edit.mutate()}
      >
        {t('gifts.admin.save')}
      </Button>
      <Button
        variant="ghost"
        disabled={retire.isPending}
        onClick={() =>
          confirm({
            title: t('gifts.admin.retireTitle', { name: gift.name ?? '' }),
            body: t('gifts.admin.retireBody'),
            confirmText: t('gifts.admin.retire'),
            cancelText: t('gifts.admin.cancel'),
            onConfirm: () => retire.mutate(),
          })
        }
      >
        {t('gifts.admin.retire')}
      </Button>
    </li>
  );
}

/** Vouchers for a voucher gift to a member, by name (a ledger transfer, keyed: a retry gives once). */
function VoucherForm({ gifts }: { gifts: Gift[] }) {
  const { t } = useI18n();
  const keys = useIdempotencyKey();
  const voucherGifts = gifts.filter((g) => g.requires_voucher);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<User | undefined>();
  const [giftId, setGiftId] = useState('');
  const [count, setCount] = useState('1');
  const grant = useMutation({
    mutationFn: async () => {
      const user = picked ?? (await memberNamed(name.trim()));
      if (!user) throw new Error(t('gifts.admin.unknownMember', { name: name.trim() }));
      const params = {
        userId: user.uid,
        giftId: Number(giftId || voucherGifts[0]?.id),
        count: Number(count),
      };
      const total = await grantVoucher(keys.withKey(params));
      keys.succeeded(params);
      return { user, total };
    },
    meta: { silent: true },
    onSuccess: ({ user, total }) => {
      setName('');
      setPicked(undefined);
      toast.success(t('gifts.admin.granted', { name: user.name ?? '', count: total }));
    },
  });
  if (voucherGifts.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) grant.mutate();
  };
  return (
    <form onSubmit={submit} className={styles.panel} data-testid="gift-admin-voucher">
      <h2>{t('gifts.admin.vouchers')}</h2>
      {grant.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(grant.error)}
        </p>
      )}
      <div className={styles.grid}>
        <NamePicker
          label={t('gifts.admin.member')}
          value={name}
          onChange={(value) => {
            setName(value);
            setPicked(undefined);
          }}
          onPick={(user) => {
            setName(user.name ?? '');
            setPicked(user);
          }}
        />
        <label className={styles.select}>
          {t('gifts.admin.voucherGift')}{' '}
          <select value={giftId} onChange={(e) => setGiftId(e.target.value)}>
            {voucherGifts.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <Field
          label={t('gifts.admin.count')}
          type="number"
          min={1}
          max={100}
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={grant.isPending || !name.trim()}>
        {t('gifts.admin.grant')}
      </Button>
    </form>
  );
}

function GiftCatalogueAdmin() {
  const { t } = useI18n();
  const gifts = useQuery(catalogueQuery);
  return (
    <>
      <NewGiftForm />
      <VoucherForm gifts={gifts.data ?? []} />
      <h2>{t('gifts.admin.catalogue')}</h2>
      {gifts.isError && <p role="alert">{errorText(gifts.error)}</p>}
      <ul className={styles.list}>
        {gifts.data?.map((gift) => (
          <GiftRow key={`${gift.id}-${gift.price}`} gift={gift} />
        ))}
      </ul>
    </>
  );
}

/** /html/admin/gifts.jsp: the gift catalogue's admin calls (docs/gifts.md). */
export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('gifts.admin.heading')}>
      <GiftCatalogueAdmin />
    </AdminFrame>
  );
}
