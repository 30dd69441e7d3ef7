import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type HouseAd } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { saveHouseAd } from '../../api/areas/gold';
import { keyOf, listQuery } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { AdminFrame, useDateFormat } from '../admin/AdminFrame';
import { AdCard } from './AdCard';
import styles from './Premium.module.css';
import './texts';

const EMPTY = { title: '', body: '', image: '', link: '/html/gold/vip.jsp', locale: '' as '' | 'es' | 'en' };

/** A new house ad: the server checks the link (a page of ours or https) and the picture. */
function NewAdForm() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [ad, setAd] = useState(EMPTY);
  const save = useMutation({
    mutationFn: () => saveHouseAd({ ...ad, image: ad.image || undefined }),
    meta: { silent: true },
    onSuccess: () => {
      setAd(EMPTY);
      void queryClient.invalidateQueries({ queryKey: keyOf(api.premium.getHouseAds) });
    },
  });
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setAd((a) => ({ ...a, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className={styles.panel} noValidate>
      <h2>{t('adsAdmin.new')}</h2>
      {save.isError && (
        <p role="alert" className={styles.errorBox}>
          {errorText(save.error)}
        </p>
      )}
      <Field label={t('adsAdmin.title')} value={ad.title} onChange={set('title')} maxLength={80} required />
      <Field label={t('adsAdmin.body')} value={ad.body} onChange={set('body')} maxLength={200} />
      <Field label={t('adsAdmin.link')} value={ad.link} onChange={set('link')} maxLength={300} required />
      <Field label={t('adsAdmin.image')} value={ad.image} onChange={set('image')} maxLength={300} />
      <label>
        {t('adsAdmin.locale')}{' '}
        <select value={ad.locale} onChange={set('locale')}>
          <option value="">{t('adsAdmin.allLocales')}</option>
          <option value="es">{t('adsAdmin.lang.es')}</option>
          <option value="en">{t('adsAdmin.lang.en')}</option>
        </select>
      </label>
      <p>
        <Button type="submit" disabled={save.isPending || !ad.title.trim()}>
          {t('adsAdmin.save')}
        </Button>
      </p>
    </form>
  );
}

/** One running or stopped house ad, as members see it, with its switch. */
function AdRow({ ad }: { ad: HouseAd }) {
  const { t } = useI18n();
  const date = useDateFormat();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () =>
      saveHouseAd({
        id: ad.id,
        title: ad.title,
        body: ad.body,
        image: ad.image,
        link: ad.link,
        locale: (ad.locale ?? '') as '' | 'es' | 'en',
        startsAt: ad.startsAt,
        endsAt: ad.endsAt,
        active: !ad.active,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(api.premium.getHouseAds) }),
  });
  return (
    <li className={styles.panel} data-testid="house-ad-row">
      <div className={styles.adminAd}>
        <AdCard ad={ad} position="admin" variant="side" />
      </div>
      <p>
        {ad.locale || t('adsAdmin.allLocales')} · {ad.startsAt ? date(ad.startsAt) : '—'} →{' '}
        {ad.endsAt ? date(ad.endsAt) : t('adsAdmin.noEnd')}
      </p>
      <Button variant="secondary" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
        {ad.active ? t('adsAdmin.stop') : t('adsAdmin.start')}
      </Button>
    </li>
  );
}

/** The admins' house ads: what runs in the side columns and the in-feed ad (docs/premium.md). */
function HouseAds() {
  const { t } = useI18n();
  const ads = useQuery(listQuery(api.premium.getHouseAds, {}));
  return (
    <>
      <NewAdForm />
      {ads.isError && <p role="alert">{errorText(ads.error)}</p>}
      <ul className={styles.offerList}>
        {ads.data?.map((ad) => (
          <AdRow key={ad.id} ad={ad} />
        ))}
      </ul>
      {ads.data?.length === 0 && <p>{t('adsAdmin.none')}</p>}
    </>
  );
}

export function Component() {
  const { t } = useI18n();
  return (
    <AdminFrame title={t('adsAdmin.heading')}>
      <HouseAds />
    </AdminFrame>
  );
}
