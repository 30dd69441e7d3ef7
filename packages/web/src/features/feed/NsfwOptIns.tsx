import type { UseMutationResult } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useAllowStoryNsfw, useStorySettings } from '../../api/areas/story';
import { useI18n } from '../../i18n/i18n';
import styles from './Feed.module.css';

/** Adults (18 or more) may opt in to sensitive content; the server refuses anyone younger (403). */
export const isAdult = (user: Pick<User, 'age'>) => (user.age ?? 0) >= 18;

function OptIn(props: {
  label: string;
  checked: boolean;
  ready: boolean;
  save: UseMutationResult<unknown, Error, boolean>;
  testId: string;
}) {
  return (
    <label>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={!props.ready || props.save.isPending}
        onChange={(e) => props.save.mutate(e.target.checked)}
        data-testid={props.testId}
      />
      {props.label}
    </label>
  );
}

/**
 * The feed's adult-content opt-in (feed/allowNSFW.do) and, beside it, the stories' one
 * (story/allowNSFW.do): two choices, since a member may want one without the other. Adults only.
 */
export function NsfwOptIns({
  user,
  feed,
}: {
  user: User;
  feed: { allowed: boolean; ready: boolean; save: UseMutationResult<unknown, Error, boolean> };
}) {
  const { t } = useI18n();
  const adult = isAdult(user);
  const stories = useStorySettings(adult);
  const saveStories = useAllowStoryNsfw();
  if (!adult) return null;
  return (
    <div className={styles.nsfw}>
      <OptIn
        label={t('feed.nsfw')}
        checked={feed.allowed}
        ready={feed.ready}
        save={feed.save}
        testId="nsfw-feed"
      />
      <OptIn
        label={t('feed.nsfwStories')}
        checked={stories.data?.allowNSFW ?? false}
        ready={!!stories.data}
        save={saveStories}
        testId="nsfw-stories"
      />
    </div>
  );
}
