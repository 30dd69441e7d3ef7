import type { Preferences } from '@tertulia/contract';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { usePreferences, useSaver } from './preferencesApi';
import styles from './Settings.module.css';
import './texts';

const TOPICS = [
  'notifyMessages',
  'notifyFriendRequests',
  'notifyLikesComments',
  'notifyChatInvites',
  'sound',
  'browserNotifications',
] as const;

function browserPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Which events push (stored on the server, which skips the push), sound, browser permission. */
export function NotificationSettings() {
  const { t } = useI18n();
  const { data } = usePreferences();
  const save = useSaver(t('prefs.saved'));
  const [permission, setPermission] = useState(browserPermission);
  return (
    <section className={styles.section} aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">{t('prefs.notifications')}</h2>
      <p>{t('prefs.notificationsLead')}</p>
      {data && (
        <ul className={styles.checkList}>
          {TOPICS.map((topic) => (
            <li key={topic}>
              <label>
                <input
                  type="checkbox"
                  name={topic}
                  checked={data[topic]}
                  onChange={(e) => save.preference({ [topic]: e.target.checked } as Partial<Preferences>)}
                />{' '}
                {t(`prefs.${topic}`)}
              </label>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('prefs.browser')}</h3>
      {permission === 'default' ? (
        <Button
          variant="secondary"
          onClick={async () => setPermission(await Notification.requestPermission())}
        >
          {t('prefs.browserAllow')}
        </Button>
      ) : (
        <p>
          {t(
            permission === 'granted'
              ? 'prefs.browserGranted'
              : permission === 'denied'
                ? 'prefs.browserDenied'
                : 'prefs.browserUnsupported',
          )}
        </p>
      )}
    </section>
  );
}
