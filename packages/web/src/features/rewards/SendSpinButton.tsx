import { SPIN_GIFT_PRICE } from '@tertulia/contract';
import { useSendSpin } from '../../api/areas/rewards';
import { useI18n } from '../../i18n/i18n';
import { toast } from '../../ui/toast/toastStore';
import './texts';

/**
 * Buys a spin for `partner` (SPIN_GIFT_PRICE gold). It arrives as a message: into the named
 * conversation (its toolbar), or into the pair's IM when none is named (a profile's button).
 * The server applies messaging's rules either way, so a member who takes no messages gets none.
 */
export function SendSpinButton({
  partner,
  conversationId,
  ownerId,
  className,
  testId,
}: {
  partner: { uid: number; name?: string };
  conversationId?: number;
  ownerId?: number;
  className: string;
  testId: string;
}) {
  const { t } = useI18n();
  const send = useSendSpin();
  const where = conversationId === undefined ? { directMessage: true } : { conversationId, ownerId };
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      disabled={send.isPending}
      onClick={() =>
        send.mutate(
          { receiverId: partner.uid, ...where },
          {
            // A refusal (no gold, no messages taken) is toasted by the query client once.
            onSuccess: () => toast.success(t('rewards.spin.sentToast', { name: partner.name ?? '' })),
          },
        )
      }
    >
      {t('rewards.spin.send', { price: SPIN_GIFT_PRICE })}
    </button>
  );
}
