import type { User } from '@tertulia/contract';
import { t } from '../../i18n/i18n';
import { navigateTo } from '../../ui/navigation';
import { PATHS } from '../../ui/paths';
import { toast } from '../../ui/toast/toastStore';

/**
 * EXTENSION POINT for the messaging issue. Sending an IM does not exist yet: the card's and the
 * profile's send button end in `deliverMessage`, which today opens the member's profile page.
 * The messaging feature calls `setMessageDelivery` (from its route module) with the real send
 * (message/send.do, then opening the conversation), and nothing else here changes.
 */
export type MessageDelivery = (target: Pick<User, 'uid' | 'name'>, text: string) => Promise<void> | void;

const openProfile: MessageDelivery = (target) => navigateTo(PATHS.profile(target.uid));
let delivery: MessageDelivery = openProfile;

export function setMessageDelivery(next: MessageDelivery | null): void {
  delivery = next ?? openProfile;
}

export function deliverMessage(target: Pick<User, 'uid' | 'name'>, text: string): Promise<void> | void {
  return delivery(target, text);
}

export type PledgeOutcome = 'pledged' | 'cancelled' | 'failed';

export interface SendDeps {
  /** Whether the logged-in member already pledged (User.pledged). */
  pledged: () => boolean;
  /** Shows the pledge dialog; resolves with what the member did and whether the call worked. */
  askPledge: () => Promise<PledgeOutcome>;
  deliver: MessageDelivery;
  warn: (text: string) => void;
  error: (text: string) => void;
}

/**
 * An empty message warns "No se puede enviar un mensaje vacío"; sending requires
 * the member's pledge, so without it the pledge dialog shows first; a failed pledge shows
 * "Su mensaje no fue enviado". Returns whether the message went on to delivery.
 */
export async function sendFromCard(
  target: Pick<User, 'uid' | 'name'>,
  text: string,
  deps: SendDeps,
): Promise<boolean> {
  const message = text.trim();
  if (!message) {
    deps.warn(t('card.emptyMessage'));
    return false;
  }
  if (!deps.pledged()) {
    const outcome = await deps.askPledge();
    if (outcome === 'failed') deps.error(t('card.notSent'));
    if (outcome !== 'pledged') return false;
  }
  await deps.deliver(target, message);
  return true;
}

export const defaultSendDeps = (
  pledged: () => boolean,
  askPledge: () => Promise<PledgeOutcome>,
): SendDeps => ({
  pledged,
  askPledge,
  deliver: deliverMessage,
  warn: (text) => toast.warning(text),
  error: (text) => toast.error(text),
});
