import { useQuery } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { listQuery } from '../../api/query';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import dialogStyles from '../../ui/dialog/Dialog.module.css';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { GiftEntrance } from '../../ui/gift/GiftEntrance';
import { PATHS } from '../../ui/paths';
import type { GiftVideoProps } from './dialogs';
import './texts';

/** The spec's gift video dialog: the gift's entrance, its video (Gift.video), its exit. */
export default function GiftVideoDialog({
  giftId,
  senderName,
  dialog,
}: DialogComponentProps<GiftVideoProps>) {
  const { t } = useI18n();
  const gift = useQuery(listQuery(api.gift.getGift, { giftId }));
  const [round, setRound] = useState(0);
  const found = gift.data?.[0];
  return (
    <DialogFrame title={found?.name ?? t('gifts.video.title')} dialog={dialog}>
      <div data-testid="gift-video-dialog">
        {gift.isError && <p role="alert">{errorText(gift.error)}</p>}
        {found && (
          <>
            <GiftEntrance gift={found} round={round} />
            <p>
              {senderName
                ? t('gifts.video.from', { name: senderName, gift: found.name ?? '' })
                : found.description}
            </p>
          </>
        )}
      </div>
      <div className={dialogStyles.buttons}>
        <Link to={PATHS.giftsAccount} className={buttonClass('secondary')} onClick={dialog.close}>
          {t('gifts.loveDialog.account')}
        </Link>
        <Button variant="secondary" onClick={() => setRound((r) => r + 1)} disabled={!found}>
          {t('gifts.video.again')}
        </Button>
      </div>
    </DialogFrame>
  );
}
