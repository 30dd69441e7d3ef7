import { useQueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { invalidateOffline } from '../../api/areas/messaging';
import { findByName, useUser } from '../../api/areas/people';
import { callOne } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { Field } from '../../ui/Field';
import { toast } from '../../ui/toast/toastStore';
import type { OfflineComposeProps } from './dialogs';
import styles from './Messaging.module.css';
import { NamePicker } from './NamePicker';

/** Finds the member a name means: an exact (case-insensitive) match among the suggestions. */
async function resolveName(name: string): Promise<number | undefined> {
  const found = await findByName(name, new AbortController().signal, 10);
  return found.find((u) => u.name?.toLowerCase() === name.toLowerCase())?.uid;
}

/**
 * Offline mail (offline/send.do {destId, subject, message, photo}): "Se envió el mensaje" on
 * success; on failure the server's message.
 */
export default function OfflineComposeDialog({
  dialog,
  destId,
  destName,
  subject: initialSubject,
}: DialogComponentProps<OfflineComposeProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [name, setName] = useState(destName ?? '');
  const [picked, setPicked] = useState<number | undefined>(destId);
  const [subject, setSubject] = useState(initialSubject ?? '');
  const [message, setMessage] = useState('');
  const [photo, setPhoto] = useState<File>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const messageId = useId();
  const photoId = useId();
  // With only an id in the link, the member's name is shown once known.
  const dest = useUser(destId ?? 0, { enabled: !!destId && !destName }).data;
  useEffect(() => {
    if (dest?.name && dest.uid === destId) setName((current) => current || dest.name || '');
  }, [dest, destId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(t('offline.needMessage'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const target = picked ?? (name.trim() ? await resolveName(name.trim()) : undefined);
      if (!target) {
        setError(t('offline.unknownName'));
        return;
      }
      await callOne(api.messaging.sendOffline, {
        destId: target,
        subject: subject.trim() || undefined,
        message: message.trim(),
        photo,
      });
      invalidateOffline(queryClient);
      toast.success(t('offline.sent'));
      dialog.close();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame title={t('offline.composeTitle')} dialog={dialog}>
      <form onSubmit={submit} className={styles.stack} noValidate data-testid="offline-compose">
        {error && (
          <p role="alert" className={styles.errorBox}>
            {error}
          </p>
        )}
        <NamePicker
          label={t('offline.to')}
          value={name}
          onChange={(value) => {
            setName(value);
            setPicked(undefined);
          }}
          onPick={(user) => {
            setName(user.name ?? '');
            setPicked(user.uid);
          }}
          autoFocus={!destId && !destName}
        />
        <Field
          label={t('offline.subject')}
          value={subject}
          maxLength={200}
          onChange={(e) => setSubject(e.target.value)}
        />
        <label htmlFor={messageId} className={styles.label}>
          {t('offline.message')}
        </label>
        <textarea
          id={messageId}
          className={styles.textarea}
          rows={5}
          maxLength={8000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          // biome-ignore lint/a11y/noAutofocus: with the recipient given, the window opens to write
          autoFocus={!!(destId || destName)}
        />
        <label htmlFor={photoId} className={styles.label}>
          {t('offline.photo')}
        </label>
        <input
          id={photoId}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          onChange={(e) => setPhoto(e.target.files?.[0])}
        />
        <div className={dialogStyles.buttons}>
          <Button variant="secondary" onClick={dialog.close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('offline.sending') : t('offline.send')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
