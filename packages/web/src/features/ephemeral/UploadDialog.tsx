import { EphemeralLimits } from '@tertulia/contract';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { type EphemeralWhere, sendEphemeral } from '../../api/areas/ephemeral';
import { isApiError } from '../../api/errors';
import { t as translate, useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import { type DialogComponentProps, openDialog } from '../../ui/dialog/dialogStore';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import { openVipPrompt } from '../premium/VipPrompt';
import { ephemeralGagDialog } from './dialogs';
import styles from './Ephemeral.module.css';
import { kindOfFile, prefersCamera } from './rules';
import './texts';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/quicktime';

/** Sends with the progress toast; the server's room refusals open their sheet or warning. */
async function send(file: File, kind: 'photo' | 'video', where: EphemeralWhere) {
  const progress = toast.progress(translate('ephemeral.uploading'));
  try {
    await sendEphemeral(file, kind, where, (percent) => progress.update(percent));
    progress.close();
    toast.success(translate('ephemeral.sent'));
  } catch (error) {
    progress.close();
    const details = isApiError(error, 'ApiForbiddenException') ? error.details : {};
    if (details.reason === 'vipOnly') return openVipPrompt('ephemeral');
    if (details.reason === 'gagged') {
      return void openDialog(ephemeralGagDialog, { until: Number(details.gagExpiration) || Date.now() });
    }
    handleError(error);
  }
}

/**
 * The ephemeral upload dialog: phones open the camera (capture), other devices the file list.
 * The help text says honestly what view-once cannot do on the web (screenshots).
 */
export default function UploadDialog({ where, dialog }: DialogComponentProps<{ where: EphemeralWhere }>) {
  const { t } = useI18n();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [wrong, setWrong] = useState(false);
  const camera = typeof matchMedia !== 'undefined' && prefersCamera(matchMedia('(pointer: coarse)').matches);
  const kind = file ? kindOfFile(file.type) : undefined;

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    const ok = !!picked && !!kindOfFile(picked.type);
    setWrong(!!picked && !ok);
    setFile(ok ? picked : null);
    setUrl(ok && picked ? URL.createObjectURL(picked) : null);
  };

  const submit = () => {
    if (!file || !kind) return;
    dialog.close();
    void send(file, kind, where);
  };

  return (
    <DialogFrame title={t('ephemeral.uploadTitle')} dialog={dialog}>
      <div className={styles.stack}>
        <label htmlFor={inputId}>{t(camera ? 'ephemeral.camera' : 'ephemeral.choose')}</label>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          capture={camera ? 'environment' : undefined}
          onChange={choose}
          data-testid="ephemeral-file"
        />
        {wrong && (
          <p role="alert" className={styles.hint}>
            {t('ephemeral.wrongType')}
          </p>
        )}
        {url && kind === 'photo' && <img className={styles.preview} src={url} alt="" />}
        {url && kind === 'video' && <video className={styles.preview} src={url} muted playsInline controls />}
        <p className={styles.hint} data-testid="ephemeral-help">
          {t('ephemeral.help', {
            photoSeconds: EphemeralLimits.PHOTO_SECONDS,
            videoSeconds: EphemeralLimits.VIDEO_MAX_SECONDS,
          })}
        </p>
      </div>
      <div className={dialogStyles.buttons}>
        <Button variant="secondary" onClick={dialog.close}>
          {t('ephemeral.cancel')}
        </Button>
        <Button onClick={submit} disabled={!file} data-testid="ephemeral-send">
          {t('ephemeral.send')}
        </Button>
      </div>
    </DialogFrame>
  );
}
