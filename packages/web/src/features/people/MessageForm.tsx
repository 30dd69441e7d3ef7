import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { type FormEvent, useId, useState } from 'react';
import { sessionKey } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { useGifPasteGuard } from '../../ui/gifPaste';
import { askPledge } from './dialogs';
import { defaultSendDeps, sendFromCard } from './messaging';
import styles from './People.module.css';
import './texts';

/** The card's (and the compose window's) message form: empty check, pledge, then delivery. */
export function MessageForm({
  target,
  onSent,
  autoFocus,
  rows = 2,
}: {
  target: Pick<User, 'uid' | 'name'> & Partial<User>;
  onSent?: () => void;
  autoFocus?: boolean;
  rows?: number;
}) {
  const { t } = useI18n();
  const guardPaste = useGifPasteGuard();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const name = target.firstName || target.name || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // Read the session at send time: the pledge dialog may have just changed it.
      const pledged = () => !!queryClient.getQueryData<User | null>(sessionKey)?.pledged;
      const sent = await sendFromCard(target, text, defaultSendDeps(pledged, askPledge));
      if (sent) {
        setText('');
        onSent?.();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.messageForm} onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {t('card.messageLabel', { name })}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={rows}
        maxLength={2000}
        value={text}
        placeholder={t('card.messagePlaceholder')}
        onChange={(event) => setText(event.target.value)}
        onPaste={guardPaste}
        // biome-ignore lint/a11y/noAutofocus: a window opened to write a text starts in its text box
        autoFocus={autoFocus}
      />
      <Button type="submit" disabled={busy}>
        {t('card.send')}
      </Button>
    </form>
  );
}
