import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { callOne } from '../client';
import { keyOf, listQuery } from '../query';
import { type Unkeyed, useIdempotencyKey } from '../useIdempotencyKey';
import { list, one } from './define';

/** Calls of gold and gifts (gift/, premiumfeature/fetchMocoGoldBalance.do, user/get|setGiftHelper.do). */
const g = api.gift;

export const goldKey = keyOf(g.fetchMocoGoldBalance);
export const getAllGifts = /* @__PURE__ */ list(g.getAll);
export const purchaseGold = /* @__PURE__ */ one(g.purchaseGold);
export const getPayment = /* @__PURE__ */ one(g.getPayment);
export const confirmTestPayment = /* @__PURE__ */ one(g.confirmTestPayment);
export const setGiftHelper = /* @__PURE__ */ one(g.setGiftHelper);
/** The catalogue's admin calls (the admin area's gift page). */
export const addGift = /* @__PURE__ */ list(g.addGift);
export const editGift = /* @__PURE__ */ list(g.editGift);
export const retireGift = /* @__PURE__ */ one(g.retireGift);
export const grantVoucher = /* @__PURE__ */ one(g.grantVoucher);
/** Shares love points with a friend (SHARE_LOVE); answers the love points the sender has left. */
export const sendLove = /* @__PURE__ */ one(g.sendLove);

/** The member's gold (header, gift dialog, shop); `enabled` false for visitors. */
export function useGold(enabled = true) {
  return useQuery({
    queryKey: goldKey,
    queryFn: ({ signal }) => callOne(g.fetchMocoGoldBalance, {}, { signal }),
    enabled,
  });
}

/** The catalogue on sale now, in the caller's language. */
export function useGiftCatalogue() {
  return useQuery({ ...listQuery(g.getAll, { filterUnavailable: true }), staleTime: 5 * 60_000 });
}

/** Sends a gift; the gold shown everywhere follows the answer (the sender's gold left). */
export function usePurchaseGift() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    // One key per intended gift (this gift, to this member, there): a retry is charged once.
    mutationFn: (params: Unkeyed<typeof g.purchase>) => callOne(g.purchase, keys.withKey(params)),
    meta: { silent: true },
    onSuccess: (gold, params) => {
      keys.succeeded(params);
      queryClient.setQueryData(goldKey, gold);
      void queryClient.invalidateQueries({ queryKey: [g.getGiftsSent.path] });
      void queryClient.invalidateQueries({ queryKey: [g.getLedgerHistory.path] });
    },
  });
}

export const useGiftAccount = () => useQuery(listQuery(g.getAccount, {}));
export const useGiftsReceived = () => useQuery(listQuery(g.getGiftsReceived, { limit: 50 }));
export const useGiftsSent = () => useQuery(listQuery(g.getGiftsSent, { limit: 50 }));
export const useLedgerHistory = () => useQuery(listQuery(g.getLedgerHistory, { limit: 50 }));
export const useGiftHelperSeen = () =>
  useQuery({
    queryKey: keyOf(g.getGiftHelper),
    queryFn: ({ signal }) => callOne(g.getGiftHelper, {}, { signal }),
  });
