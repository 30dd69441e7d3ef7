import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { type FormEvent, useId, useState } from 'react';
import { setImBackgroundColor, setImFontColor } from '../../api/areas/messaging';
import { sessionKey, useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import styles from './Conversation.module.css';
import pageStyles from './Messaging.module.css';
import './texts';

const DEFAULT_TEXT = '#1b1b1b';
const DEFAULT_BACKGROUND = '#ffffff';
const HEX = /^#[0-9a-fA-F]{6}$/;

/** Settings: the colours of the member's IM lines (im/setFontColor, im/setBackgroundColor). */
export function ImColors() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [color, setColor] = useState(
    HEX.test(user?.imColor ?? '') ? (user?.imColor as string) : DEFAULT_TEXT,
  );
  const [background, setBackground] = useState(
    HEX.test(user?.imBgColor ?? '') ? (user?.imBgColor as string) : DEFAULT_BACKGROUND,
  );
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const backgroundId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await setImFontColor({ color });
      await setImBackgroundColor({ color: background });
      queryClient.setQueryData<User | null>(sessionKey, (me) =>
        me ? { ...me, imColor: color, imBgColor: background } : me,
      );
      toast.success(t('im.colors.saved'));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="settings-im-colors">
      <h2 id="settings-im-colors">{t('im.colors.title')}</h2>
      <form className={pageStyles.stack} onSubmit={save}>
        <div className={pageStyles.tabs}>
          <label htmlFor={textId}>{t('im.colors.text')}</label>
          <input id={textId} type="color" value={color} onChange={(e) => setColor(e.target.value)} />
          <label htmlFor={backgroundId}>{t('im.colors.background')}</label>
          <input
            id={backgroundId}
            type="color"
            value={background}
            onChange={(e) => setBackground(e.target.value)}
          />
        </div>
        <p className={styles.bubble} style={{ color, background, alignSelf: 'flex-start' }}>
          {t('im.colors.preview')}
        </p>
        <div>
          <Button type="submit" disabled={busy}>
            {t('status.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
