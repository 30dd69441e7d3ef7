import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { conversationKey, inviteToConversation } from '../../api/areas/messaging';
import { useI18n } from '../../i18n/i18n';
import { DialogButtons, FormError, useFormSubmit } from '../../ui/dialog/DialogForm';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { NamePicker } from '../../ui/member/NamePicker';
import { toast } from '../../ui/toast/toastStore';
import type { InviteProps } from './dialogs';
import styles from './Messaging.module.css';
import type { LocalConversation } from './rules';
import './texts';

/** message/invite.do by name (with suggestions): an IM becomes a group; allowInvite is the server's. */
export default function InviteDialog({
  dialog,
  conversationId,
  ownerId,
  type,
}: DialogComponentProps<InviteProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const { error, setError, busy, run } = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = name.trim();
    if (!target) {
      setError(t('im.inviteNeedName'));
      return;
    }
    await run(async () => {
      const conversation = (await inviteToConversation({
        conversationId,
        ownerId,
        type,
        targetNames: [target],
      })) as LocalConversation;
      queryClient.setQueryData<LocalConversation>(conversationKey(conversationId), (c) => ({
        ...c,
        ...conversation,
        messages: c?.messages ?? conversation.messages,
      }));
      toast.success(t('im.invited', { name: target }));
      dialog.close();
    });
  };

  return (
    <DialogFrame title={t('im.inviteTitle')} dialog={dialog}>
      <form onSubmit={submit} className={styles.stack} noValidate>
        <FormError error={error} />
        <NamePicker
          label={t('im.inviteName')}
          value={name}
          onChange={setName}
          onPick={(u) => setName(u.name ?? '')}
          autoFocus
        />
        <DialogButtons onCancel={dialog.close} busy={busy} submitLabel={t('im.inviteSubmit')} />
      </form>
    </DialogFrame>
  );
}
