import type { User } from '@tertulia/contract';
import { type FormEvent, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { FormError, useFormSubmit } from '../../ui/dialog/DialogForm';
import { memberNamed, NamePicker } from '../../ui/member/NamePicker';
import styles from './ImHeader.module.css';
import messagingStyles from './Messaging.module.css';
import './texts';

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
  const { error, setError, busy, run } = useFormSubmit();

  const start = (user: User) => onStart({ ...user, uid: user.uid, name: user.name ?? '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (picked) return start(picked);
    if (!typed) return setError(t('im.newMessageNeedName'));
    await run(async () => {
      const user = await memberNamed(typed);
      if (user) start(user);
      else setError(t('im.newMessageUnknown', { name: typed }));
    });
  };

  return (
    <form
      className={`${messagingStyles.stack} ${styles.newForm}`}
      onSubmit={submit}
      noValidate
      data-testid="im-new-form"
    >
      <FormError error={error} />
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
