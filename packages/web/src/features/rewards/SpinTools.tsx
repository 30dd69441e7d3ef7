import { SPIN_GIFT_PRICE } from '@tertulia/contract';
import { Link } from 'react-router';
import { useSendSpin } from '../../api/areas/rewards';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import { PATHS } from '../../ui/paths';
import { toast } from '../../ui/toast/toastStore';
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
  const send = useSendSpin();
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
        <button
          type="button"
          className={className}
          data-testid="im-send-spin"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(
              { receiverId: partner.uid, conversationId, ownerId },
              {
                onSuccess: () => toast.success(t('rewards.spin.sentToast', { name: partner.name ?? '' })),
                onError: (error) => toast.error(errorText(error)),
              },
            )
          }
        >
          {t('rewards.spin.send', { price: SPIN_GIFT_PRICE })}
        </button>
      )}
    </>
  );
}
