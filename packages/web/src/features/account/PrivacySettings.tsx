import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ContactPermission, OnlineStatusCode, PremiumFeatureKey, type User } from '@tertulia/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { isPrivate as fetchIsPrivate, setPrivate } from '../../api/areas/buddy';
import { updateProfile } from '../../api/areas/people';
import { setOnlineStatus } from '../../api/areas/premium';
import { hasFeature, useSession } from '../../api/areas/user';
import { keyOf } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { vipPagePath } from '../premium/rules';
import { usePreferences, useSaver } from './preferencesApi';
import styles from './Settings.module.css';
import './texts';
import '../premium/texts';

const CODES = [ContactPermission.EVERYONE, ContactPermission.FRIENDS, ContactPermission.NOBODY] as const;

function Choice({
  label,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.choice}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Who may write to me, see me online, see my profile; invisible for VIP members. */
export function PrivacySettings() {
  const { t } = useI18n();
  const { user } = useSession();
  const { data } = usePreferences();
  const save = useSaver(t('prefs.saved'));
  const queryClient = useQueryClient();
  const privateKey = keyOf(api.buddy.isPrivate);
  const isPrivate = useQuery({
    queryKey: privateKey,
    queryFn: ({ signal }) => fetchIsPrivate({}, { signal }),
  });
  if (!user) return null;
  const permissions = CODES.map((c) => ({ value: String(c), label: t(`prefs.permission.${c}`) }));
  // Invisible is the IM_STATUS perk (VIP brings it, or it is bought apart): the server's list.
  const vip = hasFeature(user, PremiumFeatureKey.IM_STATUS);
  const setPermission = (param: 'imPermission' | 'messagePermission') => (value: string) =>
    save.user(() => updateProfile({ [param]: Number(value) }), {
      [param]: Number(value),
    } as Partial<User>);
  return (
    <section className={styles.section} aria-labelledby="settings-privacy">
      <h2 id="settings-privacy">{t('prefs.privacy')}</h2>
      <Choice
        label={t('prefs.imPermission')}
        name="imPermission"
        value={String(user.imPermission ?? 0)}
        options={permissions}
        onChange={setPermission('imPermission')}
      />
      <Choice
        label={t('prefs.messagePermission')}
        name="messagePermission"
        value={String(user.messagePermission ?? 0)}
        options={permissions}
        onChange={setPermission('messagePermission')}
      />
      {data && (
        <Choice
          label={t('prefs.onlineVisibility')}
          name="onlineVisibility"
          value={String(data.onlineVisibility)}
          options={CODES.map((c) => ({ value: String(c), label: t(`prefs.online.${c}`) }))}
          onChange={(value) => save.preference({ onlineVisibility: Number(value) })}
        />
      )}
      {isPrivate.data !== undefined && (
        <Choice
          label={t('prefs.profileVisibility')}
          name="profileVisibility"
          value={isPrivate.data ? 'friends' : 'everyone'}
          options={[
            { value: 'everyone', label: t('prefs.profile.everyone') },
            { value: 'friends', label: t('prefs.profile.friends') },
          ]}
          onChange={async (value) => {
            if (await save.user(() => setPrivate({ isPrivate: value === 'friends' }), {}))
              queryClient.setQueryData(privateKey, value === 'friends');
          }}
        />
      )}
      <div className={styles.row}>
        <label>
          <input
            type="checkbox"
            name="invisible"
            disabled={!vip}
            checked={user.onlineStatus === 'invisible'}
            onChange={(e) =>
              save.user(
                () =>
                  setOnlineStatus({
                    status: e.target.checked ? OnlineStatusCode.INVISIBLE : OnlineStatusCode.ONLINE,
                  }),
                { onlineStatus: e.target.checked ? 'invisible' : undefined },
              )
            }
          />{' '}
          {t('prefs.invisible')}
        </label>
        {!vip && (
          <small className={styles.note}>
            {t('prefs.invisibleVip')} <Link to={vipPagePath('invisible')}>{t('vip.becomeVip')}</Link>
          </small>
        )}
      </div>
    </section>
  );
}
