import { type MessageKey, t, useI18n } from '../../i18n/i18n';
import { openDialog } from '../../ui/dialog/dialogStore';
import { navigateTo } from '../../ui/navigation';
import { sheets } from '../../ui/sheet/sheetStore';
import { vipPurchaseDialog, vipTrialDialog } from './dialogs';
import styles from './Premium.module.css';
import { VIP_PERKS } from './perks';
import { type VipReason, vipPagePath } from './rules';
import './texts';

/** The perks list, shared by the VIP page, the sheets and the purchase dialog. */
export function VipPerks({ compact = false }: { compact?: boolean }) {
  const { t } = useI18n();
  return (
    <ul className={styles.perks} data-compact={compact || undefined} aria-label={t('vip.perks')}>
      {VIP_PERKS.map((perk) => (
        <li key={perk}>{t(perk)}</li>
      ))}
    </ul>
  );
}

/** What a VIP prompt says: why it opened (the reason) and what VIP brings. */
export function VipPromptContent({ reason }: { reason: VipReason }) {
  const { t } = useI18n();
  return (
    <div className={styles.prompt} data-reason={reason} data-testid={`vip-prompt-${reason}`}>
      <span className={styles.crown} aria-hidden="true">
        ★
      </span>
      <p>{t(`vip.prompt.${reason}.body` as MessageKey)}</p>
      <VipPerks compact />
    </div>
  );
}

/**
 * The VIP sheet for one reason: "ephemeral" is the spec's VIP ephemeral sheet (a non-VIP sending
 * an ephemeral photo in a chat room), "upgrade" its VIP upgrade sheet; the others are the perks
 * that lead to VIP. It offers the VIP page (with the reason as utm_campaign) and, when the member
 * has not used it, the free trial; "Hazte VIP" opens the VIP purchase dialog.
 */
export function openVipPrompt(reason: VipReason, options: { trialAvailable?: boolean } = {}) {
  sheets.open({
    id: 'vip-prompt',
    title: t(`vip.prompt.${reason}.title` as MessageKey),
    content: <VipPromptContent reason={reason} />,
    actions: [
      // The VIP purchase dialog (gold offers there, the VIP page one link away).
      { text: t('vip.becomeVip'), onClick: () => void openDialog(vipPurchaseDialog, { campaign: reason }) },
      { text: t('vip.more'), onClick: () => navigateTo(vipPagePath(reason)) },
      ...(options.trialAvailable
        ? [{ text: t('vip.trial'), onClick: () => void openDialog(vipTrialDialog, {}) }]
        : []),
    ],
  });
}
