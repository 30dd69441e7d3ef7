import { useQueryClient } from '@tanstack/react-query';
import { SPIN_WHEEL, type Spin } from '@tertulia/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { spinKey, useSpin, useSpinStatus } from '../../api/areas/rewards';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { usePageTitle } from '../../ui/title/pageTitle';
import { toast } from '../../ui/toast/toastStore';
import { rewardDialog } from './dialogs';
import styles from './Rewards.module.css';
import { angleFor, usePrizeText, Wheel } from './Wheel';
import './texts';

const percent = (weight: number) =>
  `${(weight / 10).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;

/** The daily spin: the server draws the prize, the wheel turns to it, then the prize is told. */
function SpinPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const status = useSpinStatus();
  const spin = useSpin();
  const prizeText = usePrizeText();
  const [rotation, setRotation] = useState(0);
  const [landed, setLanded] = useState<Spin | null>(null);
  const [turning, setTurning] = useState<Spin | null>(null);
  usePageTitle(t('rewards.spin.title'));
  // Opened from a room or a conversation: the spin is shown there too (ChatEntry.spin, Message.spin).
  const [search] = useSearchParams();
  const number = (name: string) => Number(search.get(name)) || undefined;
  const shareTo = {
    roomId: number('roomId'),
    conversationId: number('conversationId'),
    ownerId: number('ownerId'),
  };
  const sharing = shareTo.roomId ?? shareTo.conversationId;

  const go = (spinId?: number) => {
    setLanded(null);
    spin.mutate(spinId ? { spinId, ...shareTo } : shareTo, {
      onSuccess: (result) => {
        setTurning(result);
        setRotation((from) => angleFor(result.prizeSlot ?? 0, from));
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };
  const stopped = () => {
    if (!turning) return;
    setLanded(turning);
    setTurning(null);
    // The gold bonus/reward dialog tells what the wheel gave.
    const slot = SPIN_WHEEL[turning.prizeSlot ?? 0];
    openDialog(rewardDialog, { kind: 'spin', amount: slot.amount, currency: slot.currency });
    void queryClient.invalidateQueries({ queryKey: spinKey });
  };

  const s = status.data;
  const busy = spin.isPending || turning !== null;
  const next = s
    ? new Date(s.nextTime).toLocaleString(locale, {
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: s.timeZone,
      })
    : '';
  return (
    <div className={pageStyles.page}>
      <h1>{t('rewards.spin.title')}</h1>
      <p className={pageStyles.lead}>{t('rewards.spin.lead')}</p>
      {sharing && (
        <p className={styles.muted} data-testid="spin-sharing">
          {t(shareTo.roomId ? 'rewards.spin.sharedRoom' : 'rewards.spin.sharedConversation')}
        </p>
      )}
      {status.isError && <p role="alert">{errorText(status.error)}</p>}
      <div className={styles.wheelBox}>
        <Wheel rotation={rotation} onStopped={stopped} />
        {landed && (
          <p className={styles.result} role="status" data-testid="spin-result">
            {t('rewards.spin.won', { prize: prizeText(landed.prizeSlot ?? 0) })}
          </p>
        )}
        {s?.available || busy ? (
          <Button onClick={() => go()} disabled={busy || !s}>
            {busy ? t('rewards.spin.spinning') : t('rewards.spin.button')}
          </Button>
        ) : (
          s && <p className={styles.muted}>{t('rewards.spin.taken', { time: next })}</p>
        )}
      </div>
      {!!s?.gifted.length && (
        <section>
          <h2>{t('rewards.spin.gifted')}</h2>
          <ul className={styles.gifted}>
            {s.gifted.map((g) => (
              <li key={g.id} className={styles.offer}>
                <span>{t('rewards.spin.giftedFrom', { name: g.sender?.name ?? '' })}</span>
                <Button variant="secondary" disabled={busy} onClick={() => go(g.id)}>
                  {t('rewards.spin.spinGifted')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h2>{t('rewards.spin.odds')}</h2>
        <table className={styles.odds}>
          <thead>
            <tr>
              <th scope="col">{t('rewards.spin.prize')}</th>
              <th scope="col">{t('rewards.spin.chance')}</th>
            </tr>
          </thead>
          <tbody>
            {SPIN_WHEEL.map((slot) => (
              <tr key={slot.slot}>
                <td>{prizeText(slot.slot)}</td>
                <td>{percent(slot.weight)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <SpinPage />
    </RequireLogin>
  );
}
