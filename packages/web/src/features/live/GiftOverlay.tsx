import { giftImagePath, type LiveGiftRef, type UserRef } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { pushDispatcher } from '../../api/dispatcher';
import { useI18n } from '../../i18n/i18n';
import { GiftFloat } from '../../ui/gift/GiftFloat';
import styles from './Live.module.css';
import './texts';

interface Arrival {
  key: string;
  sender: UserRef;
  gift: LiveGiftRef;
}

/** How long a gift's caption stays over the video (its icons float for about as long). */
const SHOWN_MS = 4000;

/**
 * Gifts sent in the broadcast, drawn over the video as they arrive (the `liveGift` push, to the
 * streamer and every viewer): the gift's floating animation and a caption naming who sent what.
 * `onDiamonds` hands the broadcast's new diamond total to the page.
 */
export function GiftOverlay({
  broadcastId,
  forStreamer,
  onDiamonds,
}: {
  broadcastId: string;
  forStreamer: boolean;
  onDiamonds?: (diamonds: number) => void;
}) {
  const { t } = useI18n();
  const [arrivals, setArrivals] = useState<Arrival[]>([]);

  useEffect(
    () =>
      pushDispatcher.on('liveGift', (e) => {
        if (e.broadcastId !== broadcastId) return;
        const key = `${Date.now()}-${Math.random()}`;
        setArrivals((all) => [...all.slice(-4), { key, sender: e.sender, gift: e.gift }]);
        setTimeout(() => setArrivals((all) => all.filter((a) => a.key !== key)), SHOWN_MS);
        onDiamonds?.(e.diamonds);
      }),
    [broadcastId, onDiamonds],
  );

  return (
    <div className={styles.overlay} aria-live="polite">
      {arrivals.map((a) => (
        <GiftFloat key={`float-${a.key}`} giftId={a.gift.id} />
      ))}
      <ul className={styles.captions}>
        {arrivals.map((a) => (
          <li key={a.key} className={styles.caption} data-testid="live-gift">
            <img src={giftImagePath(a.gift.id)} alt="" width={28} height={28} />
            {t(forStreamer ? 'live.giftFrom' : 'live.giftSent', { name: a.sender.name, gift: a.gift.name })}
          </li>
        ))}
      </ul>
    </div>
  );
}
