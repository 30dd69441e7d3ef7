import { declareDialog } from '../../ui/dialog/dialogStore';

/** VIP dialogs of spec section 2: purchase, trial, welcome. Their own chunks (app/dialogs/registry.ts). */
export const vipPurchaseDialog = declareDialog<{ campaign?: string }>();
export const vipTrialDialog = declareDialog<Record<string, never>>();
export const vipWelcomeDialog = declareDialog<Record<string, never>>();

/** Reporting an ad (user/reportAd.do): where it was and which one. */
export interface AdReportProps {
  code: string;
  position: string;
  url?: string;
  source: 'house' | 'network';
}
export const adReportDialog = declareDialog<AdReportProps>();
