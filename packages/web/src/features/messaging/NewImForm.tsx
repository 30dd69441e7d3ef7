import type { User } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { findByName } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { errorText } from '../../ui/errors/handleError';
import styles from './ImHeader.module.css';
import messagingStyles from './Messaging.module.css';
import { NamePicker } from './NamePicker';

/** The member a typed name means: an exact (case-insensitive) match among the suggestions. */
async function resolveName(name: string): Promise<User | undefined> {
  const found = await findByName(name, new AbortController().signal, 10);
  return found.find((u) => u.name?.toLowerCase() === name.toLowerCase());
}

/**
 * "New message" in the header IM dropdown: a recipient picked by name (suggestions as you type,
 * or the exact name and Enter), then the send-IM window for them. The conversation is found or
 * created by the window's first send.
 */
export function NewImForm({
  onStart,
}: {
  onStart: (target: Pick<User, 'uid' | 'name'> & Partial<User>) => void;
}) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<User>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const start = (user: User) => onStart({ ...user, uid: user.uid, name: user.name ?? '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (picked) return start(picked);
    if (!typed) return setError(t('im.newMessageNeedName'));
    setBusy(true);
    setError('');
    try {
      const user = await resolveName(typed);
      if (user) start(user);
      else setError(t('im.newMessageUnknown', { name: typed }));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={`${messagingStyles.stack} ${styles.newForm}`}
      onSubmit={submit}
      noValidate
      data-testid="im-new-form"
    >
      {error && (
        <p role="alert" className={messagingStyles.errorBox}>
          {error}
        </p>
      )}
      <NamePicker
        label={t('im.newMessageTo')}
        value={name}
        onChange={(value) => {
          setName(value);
          setPicked(undefined);
        }}
        onPick={(user) => {
          setPicked(user);
          start(user);
        }}
        autoFocus
      />
      <Button type="submit" disabled={busy}>
        {t('im.newMessageStart')}
      </Button>
    </form>
  );
}
