import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import styles from './Messaging.module.css';
import './texts';

/** Newer / older buttons for the lists of conversations and mail; a full page means more exist. */
export function Pager({
  page,
  full,
  onPage,
}: {
  page: number;
  full: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  return (
    <div className={styles.pager}>
      {page > 1 && (
        <Button variant="secondary" onClick={() => onPage(page - 1)}>
          {t('im.newer')}
        </Button>
      )}
      {full && (
        <Button variant="secondary" onClick={() => onPage(page + 1)}>
          {t('im.olderConversations')}
        </Button>
      )}
    </div>
  );
}
