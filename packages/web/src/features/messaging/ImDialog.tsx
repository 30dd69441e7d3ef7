import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { ConversationView } from './ConversationView';
import type { ViewImProps } from './dialogs';
import { imStore } from './imStore';
import { conversationTitle, type LocalConversation } from './rules';
import './texts';

/** Send-IM and view-IM window: minimizable, several at once, reopened after a page load. */
export default function ImDialog({
  dialog,
  target,
  conversationId,
  ownerId,
  type,
  handle,
}: DialogComponentProps<ViewImProps>) {
  const { t } = useI18n();
  const { user } = useSession();
  const [title, setTitle] = useState(target ? target.firstName || target.name : '');
  const [groupName, setGroupName] = useState<string>();
  const [known, setKnown] = useState<LocalConversation>();
  const cid = conversationId || known?.conversationId;
  const key = handle?.key;
  const onConversation = useCallback(
    (c: LocalConversation) => {
      setKnown((old) => (old?.conversationId === c.conversationId ? old : c));
      setTitle(conversationTitle(c, user?.uid));
      // A named group reads as its name; an IM as "With Ana".
      setGroupName(c.name || undefined);
    },
    [user?.uid],
  );

  // Open (minimized too) for the incoming-message rules and the windows saved for the next page.
  const knownOwner = known?.ownerId ?? ownerId;
  const knownType = known?.type ?? type;
  useEffect(() => {
    if (!cid) return;
    imStore.viewOpened({
      conversationId: cid,
      ownerId: knownOwner,
      type: knownType,
      dialogKey: key,
      focused: false,
    });
    return () => imStore.viewClosed({ conversationId: cid, dialogKey: key });
  }, [cid, key, knownOwner, knownType]);
  useEffect(() => {
    if (cid && dialog.minimized) imStore.setFocused(cid, key, false);
  }, [cid, key, dialog.minimized]);

  return (
    <DialogFrame
      title={groupName ?? (title ? t('im.dialogTitle', { name: title }) : t('im.untitled'))}
      dialog={dialog}
      minimizable
    >
      <ConversationView
        initial={cid ? { conversationId: cid, ownerId: knownOwner, type: knownType } : undefined}
        target={target}
        viewKey={key}
        autoFocus={!dialog.minimized}
        onConversation={onConversation}
        showPageLink
      />
    </DialogFrame>
  );
}
