import { useQueryClient } from '@tanstack/react-query';
import { api, FeedLimits, PhotoPrivacy } from '@tertulia/contract';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { invalidateFeeds, type StatusParams, updateStatus } from '../../api/areas/feed';
import { userKey } from '../../api/areas/people';
import { sessionKey, useSession } from '../../api/areas/user';
import { uploadWithProgress } from '../../api/upload';
import { t as translate, useI18n } from '../../i18n/i18n';

import { DialogButtons } from '../../ui/dialog/DialogForm';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { fieldStyles } from '../../ui/Field';
import { resizeImage } from '../../ui/image/resize';
import { Avatar } from '../../ui/member/Avatar';
import { IMAGE_ACCEPT, IMAGE_TYPES } from '../../ui/member/photoUpload';
import { toast } from '../../ui/toast/toastStore';
import { AttachField } from '../photos/AttachField';
import type { AttachedPhoto } from '../photos/dialogs';
import type { PostDialogProps } from './dialogs';
import styles from './PostDialog.module.css';

/**
 * Sends user/updateStatus.do: with an album photo by its id; with a new file through XHR so the
 * progress toast shows the percent.
 */
async function publish(params: StatusParams, file: File | null, attached?: AttachedPhoto): Promise<void> {
  if (attached) {
    await updateStatus({ ...params, photoId: attached.postId });
    return;
  }
  if (!file) {
    await updateStatus(params);
    return;
  }
  const progress = toast.progress(translate('upload.photo'));
  try {
    const resized = await resizeImage(file);
    const image =
      resized instanceof File ? resized : new File([resized], file.name, { type: resized.type || file.type });
    await uploadWithProgress(api.user.updateStatus, { ...params, image }, (percent) =>
      progress.update(percent),
    );
  } finally {
    progress.close();
  }
}

/**
 * The status-update and new-post dialogs: text, an optional photo (the new
 * post asks for one first), who may see it and a sensitive-content mark.
 */
export default function PostDialog({
  photo: photoFirst = false,
  initialFile,
  initialText,
  dialog,
}: DialogComponentProps<PostDialogProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [text, setText] = useState(initialText ?? '');
  const [file, setFile] = useState<File | null>(initialFile ?? null);
  const [preview, setPreview] = useState<string | null>(null);
  // Or one of the member's album photos, chosen in the photo select dialog.
  const [attached, setAttached] = useState<AttachedPhoto | undefined>();
  const [privacy, setPrivacy] = useState<1 | 2>(1);
  const [nsfw, setNsfw] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.type && !(IMAGE_TYPES as readonly string[]).includes(chosen.type)) {
      setError(t('upload.wrongType'));
      return;
    }
    setError('');
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const newStatus = text.trim();
    if (!newStatus && !file && !attached) {
      setError(t('feed.needText'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await publish(
        { newStatus: newStatus || undefined, privacy, isNSFW: nsfw || undefined },
        file,
        attached,
      );
      invalidateFeeds(queryClient);
      if (user) void queryClient.invalidateQueries({ queryKey: userKey(user.uid) });
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      toast.success(t('feed.published'));
      dialog.close();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  const left = FeedLimits.STATUS_MAX - text.length;
  const picker = (
    <label className={styles.pick}>
      <input type="file" accept={IMAGE_ACCEPT} className="visually-hidden" onChange={pick} />
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill="currentColor"
          d="M4 5h3l2-2h6l2 2h3a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm8 3a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z"
        />
      </svg>
      {t('feed.choosePhoto')}
    </label>
  );

  return (
    <DialogFrame title={photoFirst ? t('feed.postTitle') : t('feed.statusTitle')} dialog={dialog}>
      <form className={styles.form} onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        <div className={styles.author}>
          {user && <Avatar user={user} size={40} showPresence={false} />}
          <strong>{user?.name}</strong>
        </div>
        {photoFirst && !preview && !attached && picker}
        {preview && (
          <figure className={styles.preview}>
            <img src={preview} alt={t('feed.photo')} />
            <button
              type="button"
              className={styles.remove}
              onClick={() => setFile(null)}
              aria-label={t('feed.removePhoto')}
            >
              <span aria-hidden="true">×</span>
            </button>
          </figure>
        )}
        <label htmlFor={textId} className="visually-hidden">
          {photoFirst ? t('feed.captionLabel') : t('feed.statusLabel')}
        </label>
        <textarea
          id={textId}
          className={`${fieldStyles.textarea} ${styles.text}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={FeedLimits.STATUS_MAX}
          placeholder={photoFirst ? t('feed.captionLabel') : t('feed.statusLabel')}
          rows={photoFirst ? 2 : 4}
          // biome-ignore lint/a11y/noAutofocus: the dialog exists to write this text
          autoFocus={!photoFirst}
        />
        <div className={styles.row}>
          {!photoFirst && !preview && !attached ? picker : <span />}
          <span className={styles.counter} data-low={left < 50 || undefined} aria-live="polite">
            {t('feed.remaining', { count: left })}
          </span>
        </div>
        {!preview && <AttachField value={attached} onChange={setAttached} disabled={busy} />}
        <fieldset className={styles.options}>
          <legend className={styles.legend}>{t('feed.privacy')}</legend>
          <div className={styles.choices}>
            {([PhotoPrivacy.PUBLIC, PhotoPrivacy.FRIENDS] as const).map((value) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name="privacy"
                  value={value}
                  checked={privacy === value}
                  onChange={() => setPrivacy(value)}
                />
                {value === PhotoPrivacy.PUBLIC ? t('feed.privacy.1') : t('feed.privacy.2')}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={styles.choice}>
          <input type="checkbox" checked={nsfw} onChange={(e) => setNsfw(e.target.checked)} />
          {t('feed.markNsfw')}
        </label>
        {error && (
          <p id={errorId} role="alert" className={fieldStyles.error}>
            {error}
          </p>
        )}
        <DialogButtons onCancel={dialog.close} busy={busy} submitLabel={t('feed.publish')} />
      </form>
    </DialogFrame>
  );
}
