import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import styles from './Live.module.css';
import type { useCamera } from './useCamera';
import './texts';
import '../webpush/texts';

/**
 * The studio's buttons: go live (once the preview shows) or end, mute the microphone, and switch
 * between the front and back cameras where the device has more than one (phones).
 */
export function StudioControls({
  camera,
  onAir,
  starting,
  onStart,
  onEnd,
}: {
  camera: ReturnType<typeof useCamera>;
  onAir: boolean;
  starting: boolean;
  onStart: () => void;
  onEnd: () => void;
}) {
  const { t } = useI18n();
  const other = camera.facing === 'user' ? 'environment' : 'user';
  return (
    <div className={styles.actions}>
      {onAir ? (
        <Button variant="secondary" onClick={onEnd}>
          {t('live.end')}
        </Button>
      ) : (
        <Button onClick={onStart} disabled={!camera.stream || starting}>
          {t('live.start')}
        </Button>
      )}
      {camera.stream && (
        <Button variant="secondary" aria-pressed={camera.muted} onClick={camera.toggleMute}>
          {camera.muted ? t('live.studio.unmute') : t('live.studio.mute')}
        </Button>
      )}
      {camera.stream && camera.cameras > 1 && (
        <Button variant="secondary" onClick={() => void camera.open(other)}>
          {other === 'environment' ? t('live.studio.useBack') : t('live.studio.useFront')}
        </Button>
      )}
    </div>
  );
}
