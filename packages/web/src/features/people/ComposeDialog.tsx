import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import type { ComposeProps } from './dialogs';
import { MessageForm } from './MessageForm';

/** The profile page's "send message" window: the card's form, with the same rules. */
export default function ComposeDialog({ user, dialog }: DialogComponentProps<ComposeProps>) {
  const { t } = useI18n();
  return (
    <DialogFrame title={t('compose.title', { name: user.firstName || user.name || '' })} dialog={dialog}>
      <MessageForm target={user} rows={4} autoFocus onSent={dialog.close} />
    </DialogFrame>
  );
}
