import { declareDialog } from '../../ui/dialog/dialogStore';

/**
 * The spec's gold bonus/reward dialog: what just landed in the member's balance. `spin` (the
 * daily wheel's answer), `contestWon` (the push: a prize to collect), `redeemed` (a contest prize
 * collected), `exchange` (gems for gold or VIP days). Its own chunk (app/dialogs/registry.ts).
 */
export interface RewardProps {
  kind: 'spin' | 'contestWon' | 'redeemed' | 'exchange';
  amount: number;
  currency: 'gold' | 'gems' | 'vipDays';
  place?: number;
  contestName?: string;
  contestId?: number;
}
export const rewardDialog = declareDialog<RewardProps>();
