import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { invalidateOffline, sendOffline } from '../../api/areas/messaging';
import { useUser } from '../../api/areas/people';
import { useI18n } from '../../i18n/i18n';
import { DialogButtons, FormError, useFormSubmit } from '../../ui/dialog/DialogForm';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Field } from '../../ui/Field';
import { useGifPasteGuard } from '../../ui/gifPaste';
import { memberNamed, NamePicker } from '../../ui/member/NamePicker';
import { toast } from '../../ui/toast/toastStore';
import { AttachField } from '../photos/AttachField';
import type { AttachedPhoto } from '../photos/dialogs';
import type { OfflineComposeProps } from './dialogs';
import styles from './Messaging.module.css';
import { recipientNames } from './rules';
import './texts';

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
  const guardPaste = useGifPasteGuard();
  const queryClient = useQueryClient();
  const [name, setName] = useState(destName ?? '');
  const [picked, setPicked] = useState<number | undefined>(destId);
  const [subject, setSubject] = useState(initialSubject ?? '');
  const [message, setMessage] = useState('');
  const [photo, setPhoto] = useState<File>();
  // Or one of the member's album photos (the photo select dialog).
  const [attached, setAttached] = useState<AttachedPhoto | undefined>();
  const { error, setError, busy, run } = useFormSubmit();
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
    await run(async () => {
      // One picked member, or every comma-separated name; nothing is sent while one is unknown.
      const names = recipientNames(name);
      const found = picked
        ? [{ name, uid: picked }]
        : await Promise.all(names.map(async (n) => ({ name: n, uid: (await memberNamed(n))?.uid })));
      const unknown = found.filter((f) => !f.uid).map((f) => f.name);
      if (!found.length || unknown.length) {
        setError(
          names.length > 1
            ? t('offline.unknownNames', { names: unknown.join(', ') })
            : t('offline.unknownName'),
        );
        return;
      }
      for (const { uid } of found) {
        await sendOffline({
          destId: uid as number,
          subject: subject.trim() || undefined,
          message: message.trim(),
          ...(attached ? { photoId: attached.postId } : { photo }),
        });
      }
      invalidateOffline(queryClient);
      toast.success(found.length > 1 ? t('offline.sentMany', { count: found.length }) : t('offline.sent'));
      dialog.close();
    });
  };

  return (
    <DialogFrame title={t('offline.composeTitle')} dialog={dialog}>
      <form onSubmit={submit} className={styles.stack} noValidate data-testid="offline-compose">
        <FormError error={error} />
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
          onPaste={guardPaste}
          // biome-ignore lint/a11y/noAutofocus: with the recipient given, the window opens to write
          autoFocus={!!(destId || destName)}
        />
        <label htmlFor={photoId} className={styles.label}>
          {t('offline.photo')}
        </label>
        {!attached && (
          <input
            id={photoId}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            onChange={(e) => setPhoto(e.target.files?.[0])}
          />
        )}
        {!photo && <AttachField value={attached} onChange={setAttached} disabled={busy} />}
        <DialogButtons
          onCancel={dialog.close}
          busy={busy}
          submitLabel={busy ? t('offline.sending') : t('offline.send')}
        />
      </form>
    </DialogFrame>
  );
}
