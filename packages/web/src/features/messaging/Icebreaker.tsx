import { useI18n } from '../../i18n/i18n';
import styles from './Conversation.module.css';
import { icebreakerContent, icebreakerFor } from './rules';
import './texts';

export /** A suggested first message for an empty IM, in the member's language; sent with its tag. */
function Icebreaker({
  name,
  partnerId,
  onSend,
}: {
  name: string;
  partnerId: number;
  onSend: (text: string) => Promise<void> | void;
}) {
  const { t } = useI18n();
  const text = t(icebreakerFor(partnerId), { name });
  return (
    <div className={styles.icebreaker} data-testid="im-icebreaker">
      <p>{t('im.icebreaker.label')}</p>
      <q>{text}</q>
      <button
        type="button"
        className={styles.icebreakerSend}
        onClick={() => void onSend(icebreakerContent(text))}
      >
        {t('im.icebreaker.send')}
      </button>
    </div>
  );
}
