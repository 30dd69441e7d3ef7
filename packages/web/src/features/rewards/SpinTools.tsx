import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import { SendSpinButton } from './SendSpinButton';
import './texts';

/**
 * A conversation's spin tools: the member's daily spin shown in the conversation, and a spin sent
 * to the partner as a gift (Message.spin). `className` is the toolbar's link style.
 */
export function SpinTools({
  partner,
  conversationId,
  ownerId,
  className,
}: {
  partner?: { uid: number; name?: string };
  conversationId: number;
  ownerId?: number;
  className: string;
}) {
  const { t } = useI18n();
  return (
    <>
      <Link
        to={`${PATHS.dailySpin}?conversationId=${conversationId}${ownerId ? `&ownerId=${ownerId}` : ''}`}
        className={className}
        data-testid="im-spin"
      >
        🎡 {t('rewards.spin.here')}
      </Link>
      {partner && (
        <SendSpinButton
          partner={partner}
          conversationId={conversationId}
          ownerId={ownerId}
          className={className}
          testId="im-send-spin"
        />
      )}
    </>
  );
}
