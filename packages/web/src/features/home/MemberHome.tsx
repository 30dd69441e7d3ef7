import type { User } from '@tertulia/contract';
import { Suspense } from 'react';
import { useI18n } from '../../i18n/i18n';
import { lazyPart } from '../../ui/lazyPart';
import pageStyles from '../../ui/Page.module.css';
import { usePageTitle } from '../../ui/title/pageTitle';
import styles from './Home.module.css';
import { LiveStrip } from './LiveStrip';
import { Suggestions, useSuggestions } from './Suggestions';
import { notesFor, noteUnseen, pendingTips, WELCOME_TIP } from './tips';

// The feed is its own chunk: the home page's first paint does not wait for it.
const Feed = lazyPart('src/features/feed/homeParts.ts', () =>
  import('../feed/homeParts').then((m) => ({ default: m.Feed })),
);
// Shown once after sign-up: members who are done with it never download it.
const Welcome = lazyPart('src/features/home/Welcome.tsx', () =>
  import('./Welcome').then((m) => ({ default: m.Welcome })),
);
// The tips and "new" notes popups: fetched only while there is one left to show.
const FirstVisitTips = lazyPart('src/features/home/FirstVisitTips.tsx', () => import('./FirstVisitTips'));

/** Whether a tip or a note may still be due (the chunk then decides, with the device's counters). */
function tipsDue(user: User): boolean {
  return pendingTips(user.dismissedTips).length > 0 || notesFor(user.creationTime).some(noteUnseen);
}

/** The member's home: a greeting, the welcome steps once, suggestions while friendless, the feed. */
export function MemberHome({ user }: { user: User }) {
  const { t } = useI18n();
  usePageTitle(t('home.title'));
  // Asked with the page so the list is ready when the boundary below shows (Suggestions.tsx).
  useSuggestions();
  return (
    <div className={`${pageStyles.page} ${styles.member}`}>
      <h1 className={styles.greeting}>{t('home.welcome', { name: user.name ?? '' })}</h1>
      {tipsDue(user) && (
        <Suspense fallback={null}>
          <FirstVisitTips user={user} />
        </Suspense>
      )}
      {/* One boundary: the welcome card and the feed (two chunks) appear together. Apart, the
          welcome arrived after the feed and pushed it down: CLS 0.23-0.35 of a new member's home in
          2 Lighthouse runs of 4, at most 0.109 in 7 since (tools/bench/README.md "Session 13, perf-lh"). */}
      <Suspense fallback={<div className={styles.placeholder} aria-hidden="true" />}>
        {!user.dismissedTips?.includes(WELCOME_TIP) && <Welcome user={user} />}
        <LiveStrip />
        <Suggestions />
        <Feed user={user} />
      </Suspense>
    </div>
  );
}
