import type { GiftSend, LedgerLine } from '@tertulia/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  useGiftAccount,
  useGiftHelperSeen,
  useGiftsReceived,
  useGiftsSent,
  useLedgerHistory,
} from '../../api/areas/gift';
import { useI18n } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import { openDialog } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { GiftImage } from '../../ui/gift/GiftImage';
import { UserLink } from '../../ui/member/UserLink';
import pageStyles from '../../ui/Page.module.css';
import { RequireLogin } from '../../ui/RequireLogin';
import { TimeAgo } from '../../ui/time/clock';
import { usePageTitle } from '../../ui/title/pageTitle';
import { giftHelperDialog, giftVideoDialog } from './dialogs';
import styles from './Gifts.module.css';
import { GOLD_SHOP_PATH } from './rules';
import './texts';

function SendRow({ send, side }: { send: GiftSend; side: 'received' | 'sent' }) {
  const { t } = useI18n();
  const other = side === 'received' ? send.sender : send.receiver;
  return (
    <li className={styles.row} data-testid={`gift-${side}`}>
      {/* The gift's entrance and video, again (the spec's gift video dialog). */}
      <button
        type="button"
        className={styles.rowPlay}
        onClick={() =>
          openDialog(giftVideoDialog, {
            giftId: send.gift.id,
            senderName: side === 'received' ? send.sender?.name : undefined,
          })
        }
        aria-label={`${t('gifts.video.play')}: ${send.gift.name ?? ''}`}
        data-testid="gift-play"
      >
        <GiftImage giftId={send.gift.id} alt="" size={44} />
      </button>
      <div className={styles.rowText}>
        <strong>{send.gift.name}</strong>
        {other && (
          <span>
            {side === 'received'
              ? t('gifts.account.from', { name: '' })
              : t('gifts.account.to', { name: '' })}
            <UserLink user={other} />
          </span>
        )}
        <time className={styles.muted} dateTime={new Date(send.timestamp).toISOString()}>
          <TimeAgo at={send.timestamp} />
        </time>
      </div>
      <span className={side === 'received' ? styles.plus : styles.minus}>
        {side === 'received'
          ? t('gifts.account.value', { value: send.value })
          : t('gifts.account.paid', { price: send.price })}
      </span>
    </li>
  );
}

/** The ledger's transfer kinds with their own label; a kind a later feature adds reads "Movement". */
const LEDGER_KINDS = [
  'gift',
  'purchase',
  'grant',
  'refund',
  'love',
  'opening',
  'premium',
  'spotlight',
  'spin',
  'spin-gift',
  'gem-exchange',
];

function HistoryRow({ line }: { line: LedgerLine }) {
  const { t } = useI18n();
  const kind = t(
    LEDGER_KINDS.includes(line.kind)
      ? (`gifts.account.kind.${line.kind}` as 'gifts.account.kind.gift')
      : 'gifts.account.kind.other',
  );
  return (
    <li className={styles.row}>
      <div className={styles.rowText}>
        <strong>{kind}</strong>
        {line.reason && <span className={styles.muted}>{line.reason}</span>}
        <time className={styles.muted} dateTime={new Date(line.timestamp).toISOString()}>
          <TimeAgo at={line.timestamp} />
        </time>
      </div>
      <span className={line.amount > 0 ? styles.plus : styles.minus}>
        {line.amount > 0 ? '+' : '−'}
        {t(`gifts.account.currency.${line.currency}` as 'gifts.account.currency.gold', {
          count: Math.abs(line.amount),
        })}
      </span>
    </li>
  );
}

/** /html/gifts/account.jsp: balances, gifts received and sent with who and when, the ledger's lines. */
function AccountPage() {
  const { t } = useI18n();
  usePageTitle(t('gifts.account.title'));
  const account = useGiftAccount();
  const received = useGiftsReceived();
  const sent = useGiftsSent();
  const history = useLedgerHistory();
  const helper = useGiftHelperSeen();
  const balances = account.data?.[0];
  // The help shows once, to a member who has received a gift and not seen it yet.
  const hasReceived = (received.data?.length ?? 0) > 0;
  useEffect(() => {
    if (helper.data === false && hasReceived) openDialog(giftHelperDialog, {});
  }, [helper.data, hasReceived]);

  return (
    <div className={pageStyles.page}>
      <h1>{t('gifts.account.title')}</h1>
      {account.isError && <p role="alert">{errorText(account.error)}</p>}
      {balances && (
        <dl className={styles.balances}>
          <div className={styles.balanceCard}>
            <dt>{t('gifts.account.gold')}</dt>
            <dd data-testid="account-gold">{balances.gold}</dd>
          </div>
          <div className={styles.balanceCard}>
            <dt>{t('gifts.account.gems')}</dt>
            <dd data-testid="account-gems">{balances.gems}</dd>
          </div>
          <div className={styles.balanceCard}>
            <dt>{t('gifts.account.love')}</dt>
            <dd data-testid="account-love">{balances.lovePoints}</dd>
          </div>
        </dl>
      )}
      <p>
        <Link to={GOLD_SHOP_PATH} className={buttonClass('secondary')}>
          {t('gifts.buyGold')}
        </Link>
      </p>
      <h2>{t('gifts.account.received')}</h2>
      {received.data?.length ? (
        <ul className={styles.list}>
          {received.data.map((send) => (
            <SendRow key={send.id} send={send} side="received" />
          ))}
        </ul>
      ) : (
        !received.isPending && <p className={styles.muted}>{t('gifts.account.noneReceived')}</p>
      )}
      <h2>{t('gifts.account.sent')}</h2>
      {sent.data?.length ? (
        <ul className={styles.list}>
          {sent.data.map((send) => (
            <SendRow key={send.id} send={send} side="sent" />
          ))}
        </ul>
      ) : (
        !sent.isPending && <p className={styles.muted}>{t('gifts.account.noneSent')}</p>
      )}
      <h2>{t('gifts.account.history')}</h2>
      {history.data?.length ? (
        <ul className={styles.list}>
          {history.data.map((line) => (
            <HistoryRow key={line.id} line={line} />
          ))}
        </ul>
      ) : (
        !history.isPending && <p className={styles.muted}>{t('gifts.account.noHistory')}</p>
      )}
    </div>
  );
}

export function Component() {
  return (
    <RequireLogin>
      <AccountPage />
    </RequireLogin>
  );
}
