import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  conversationKey,
  headerListKey,
  renameConversation,
  setConversationProperty,
} from '../../api/areas/messaging';
import { useI18n } from '../../i18n/i18n';
import { DialogButtons, FormError, useFormSubmit } from '../../ui/dialog/DialogForm';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Field, fieldStyles } from '../../ui/Field';
import { toast } from '../../ui/toast/toastStore';
import type { GroupSettingsProps } from './dialogs';
import { type GroupForm, groupChanges, groupFormOf } from './groupSettings';
import styles from './Messaging.module.css';
import type { LocalConversation } from './rules';

/** The owner's group menu: rename (message/rename.do), read-only and allow-invite (message/setProperty.do). */
export default function GroupSettingsDialog({
  dialog,
  conversationId,
}: DialogComponentProps<GroupSettingsProps>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const held = queryClient.getQueryData<LocalConversation>(conversationKey(conversationId));
  const [form, setForm] = useState<GroupForm>(() =>
    held ? groupFormOf(held) : { name: '', isReadOnly: false, allowInvite: true },
  );
  const { error, setError, busy, run } = useFormSubmit();
  const change = (patch: Partial<GroupForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!held) return;
    if (!form.name.trim()) {
      setError(t('group.needName'));
      return;
    }
    await run(async () => {
      const named = { conversationId, ownerId: held.ownerId, type: held.type };
      // One call per change, in order; a refusal stops there and the form shows why.
      for (const c of groupChanges(held, form)) {
        if (c.kind === 'rename') await renameConversation({ ...named, name: c.name });
        else await setConversationProperty({ ...named, property: c.property, value: c.value });
        queryClient.setQueryData<LocalConversation>(conversationKey(conversationId), (x) =>
          x ? { ...x, ...(c.kind === 'rename' ? { name: c.name } : { [c.property]: c.value }) } : x,
        );
      }
      void queryClient.invalidateQueries({ queryKey: headerListKey });
      toast.success(t('group.saved'));
      dialog.close();
    });
  };

  return (
    <DialogFrame title={t('group.settings')} dialog={dialog}>
      <form onSubmit={submit} className={styles.stack} noValidate>
        <FormError error={error} />
        <Field
          label={t('group.name')}
          value={form.name}
          maxLength={60}
          onChange={(e) => change({ name: e.target.value })}
          autoFocus
        />
        <label className={fieldStyles.check}>
          <input
            type="checkbox"
            checked={form.isReadOnly}
            onChange={(e) => change({ isReadOnly: e.target.checked })}
          />
          {t('group.readOnly')}
        </label>
        <label className={fieldStyles.check}>
          <input
            type="checkbox"
            checked={form.allowInvite}
            onChange={(e) => change({ allowInvite: e.target.checked })}
          />
          {t('group.allowInvite')}
        </label>
        <DialogButtons onCancel={dialog.close} busy={busy} submitLabel={t('group.save')} />
      </form>
    </DialogFrame>
  );
}
