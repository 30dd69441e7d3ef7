import { useQueryClient } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { conversationKey, headerListKey, leaveImConversation } from '../../api/areas/messaging';
import { t } from '../../i18n/i18n';
import { confirm } from '../../ui/dialog/confirm';
import { dialogs } from '../../ui/dialog/dialogStore';
import { handleError } from '../../ui/errors/handleError';
import { RequireLogin } from '../../ui/RequireLogin';
import { toast } from '../../ui/toast/toastStore';
import { type ConversationRef, imStore } from './imStore';
import { IM_PATHS, refFromSearch } from './paths';
import { type LocalConversation, removeConversation } from './rules';
import './texts';

export interface LeaveDeps {
  queryClient: import('@tanstack/react-query').QueryClient;
  leave?: (ref: ConversationRef) => Promise<unknown>;
  closeWindow?: (conversationId: number) => void;
}

/**
 * Leaving: the item and its badge leave the list at once; success says
 * "Has dejado la conversación"; a failure puts the item back where it was and shows the error.
 */
export async function leaveConversation(ref: ConversationRef, deps: LeaveDeps): Promise<boolean> {
  const { queryClient } = deps;
  const leave =
    deps.leave ??
    ((r: ConversationRef) =>
      leaveImConversation({ conversationId: r.conversationId, ownerId: r.ownerId, type: r.type }));
  const before = queryClient.getQueryData<LocalConversation[]>(headerListKey);
  if (before) queryClient.setQueryData(headerListKey, removeConversation(before, ref.conversationId));
  try {
    await leave(ref);
  } catch (error) {
    if (before)
      queryClient.setQueryData<LocalConversation[]>(headerListKey, (now) => {
        // Put it back in its old place, keeping whatever else changed meanwhile.
        const current = now ?? [];
        if (current.some((c) => c.conversationId === ref.conversationId)) return current;
        const item = before.find((c) => c.conversationId === ref.conversationId);
        if (!item) return current;
        const index = before.indexOf(item);
        return [...current.slice(0, index), item, ...current.slice(index)];
      });
    handleError(error);
    return false;
  }
  (deps.closeWindow ?? closeWindowOf)(ref.conversationId);
  imStore.forget(ref.conversationId);
  queryClient.removeQueries({ queryKey: conversationKey(ref.conversationId) });
  void queryClient.invalidateQueries({ queryKey: [api.messaging.getUserConversations.path] });
  toast.success(t('im.left'));
  return true;
}

function closeWindowOf(conversationId: number): void {
  const key = imStore.dialogFor(conversationId);
  if (key !== undefined) dialogs.close(key);
}

/** `/html/online/online-main.jsp?cid=&u=&type=&action=leave`: asks, then leaves. */
function Leave() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ref = refFromSearch(search);
  const asked = useRef(false);
  const leaving = search.get('action') === 'leave' && !!ref;

  useEffect(() => {
    if (!leaving || !ref || asked.current) return;
    asked.current = true;
    confirm({
      title: t('im.leaveTitle'),
      body: t('im.leaveConfirm'),
      confirmText: t('im.leaveYes'),
      cancelText: t('dialog.cancel'),
      onConfirm: () =>
        void leaveConversation(ref, { queryClient }).then((left) =>
          navigate(left ? IM_PATHS.messages : IM_PATHS.conversation(ref), { replace: true }),
        ),
      onCancel: () => navigate(IM_PATHS.conversation(ref), { replace: true }),
    });
  }, [leaving, ref, navigate, queryClient]);

  if (!leaving) return <Navigate to={IM_PATHS.messages} replace />;
  return null;
}

export function Component() {
  return (
    <RequireLogin>
      <Leave />
    </RequireLogin>
  );
}
