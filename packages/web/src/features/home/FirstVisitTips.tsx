import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useEffect, useState } from 'react';
import { dismissTip } from '../../api/areas/people';
import { sessionKey } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { handleError } from '../../ui/errors/handleError';
import { popups } from '../../ui/popup/popupStore';
import { notePopupId, notesFor, noteUnseen, pendingTips, type Tip } from './tips';

/** A tip's popup id, apart from other popups'. */
const tipPopupId = (tip: Tip) => `tip.${tip.id}`;

/**
 * The first-visit tips, one popup at a time snapped to what they describe; each is dismissed for
 * good on the server (user/dismissTip.do) when clicked or closed. Then the "new feature" notes,
 * counted by the popup store on this device. A popup still up when the page goes is taken away
 * uncounted, so it comes back next time.
 */
export default function FirstVisitTips({ user }: { user: User }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const tip = pendingTips(user.dismissedTips)[0];
  // Bumped when a note is answered, so the next one is looked for.
  const [answered, setAnswered] = useState(0);

  useEffect(() => {
    if (!tip) return;
    const dismiss = () => {
      queryClient.setQueryData<User | null>(sessionKey, (me) =>
        me ? { ...me, dismissedTips: [...(me.dismissedTips ?? []), tip.id] } : me,
      );
      void dismissTip({ tipId: tip.id }).catch(handleError);
    };
    const id = tipPopupId(tip);
    popups.show({
      id,
      content: (
        <>
          {t(tip.text)} <strong>{t('tip.dismiss')}</strong>
        </>
      ),
      expiration: 0,
      target: document.querySelector(tip.target),
      onClick: dismiss,
      onClose: dismiss,
    });
    return () => popups.hide(id);
  }, [tip, t, queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: an answered note means looking for the next
  useEffect(() => {
    if (tip) return;
    const note = notesFor(user.creationTime).find(noteUnseen);
    if (!note) return;
    const id = notePopupId(note);
    const next = () => setAnswered((n) => n + 1);
    popups.show({
      id,
      version: note.version,
      expiration: 1,
      content: t(note.text),
      onClick: next,
      onClose: next,
    });
    return () => popups.hide(id);
  }, [tip, user.creationTime, answered, t]);

  return null;
}
