import type { StoryRef } from '../../api/areas/story';
import { useViewers } from '../../api/areas/story';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { Avatar } from '../../ui/member/Avatar';
import styles from './Stories.module.css';
import './texts';

/** Who watched the member's own story, latest first (only its author may ask). */
export default function ViewersDialog({ story, dialog }: DialogComponentProps<{ story: StoryRef }>) {
  const { t } = useI18n();
  const viewers = useViewers(story);
  return (
    <DialogFrame title={t('stories.viewers')} dialog={dialog}>
      {viewers.data?.length === 0 && <p>{t('stories.noViewers')}</p>}
      <ul className={styles.viewers} data-testid="story-viewers">
        {viewers.data?.map((user) => (
          <li key={user.uid}>
            <Avatar user={user} size={36} showPresence={false} />
            <span>{user.name}</span>
          </li>
        ))}
      </ul>
    </DialogFrame>
  );
}
