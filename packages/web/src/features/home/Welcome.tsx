import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { dismissTip, updateProfile } from '../../api/areas/people';
import { sessionKey } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { handleError } from '../../ui/errors/handleError';
import { PATHS } from '../../ui/paths';
/** Dismissed through user/dismissTip.do, so the welcome shows once per member, on any device. */
import { WELCOME_TIP } from './tips';
import styles from './Welcome.module.css';

export { WELCOME_TIP };

const STEPS = ['photo', 'about', 'people', 'room'] as const;
type Step = (typeof STEPS)[number];

const LINKS: Partial<Record<Step, (user: User) => string>> = {
  photo: (user) => PATHS.profile(user.uid),
  people: () => PATHS.search,
  room: () => PATHS.chat,
};

/** The greeting agrees with the member's gender in Spanish ("Bienvenida", "Bienvenido"). */
export function welcomeTitle(gender: string | undefined) {
  return gender === 'f' ? 'welcome.title.f' : gender === 'm' ? 'welcome.title.m' : 'welcome.title';
}

/** The first visit after signup: four skippable steps; skipping, finishing or following a step ends it. */
export function Welcome({ user }: { user: User }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const [about, setAbout] = useState(user.about ?? '');
  const aboutId = useId();
  const titleId = useId();
  const step = STEPS[index];

  const dismiss = async () => {
    // Hidden at once; the server remembers it for the next visit.
    queryClient.setQueryData<User | null>(sessionKey, (me) =>
      me ? { ...me, dismissedTips: [...(me.dismissedTips ?? []), WELCOME_TIP] } : me,
    );
    await dismissTip({ tipId: WELCOME_TIP }).catch(handleError);
  };
  const next = () => (index + 1 < STEPS.length ? setIndex(index + 1) : dismiss());
  const saveAbout = async () => {
    try {
      if (about.trim() !== (user.about ?? '')) {
        const saved = await updateProfile({ about });
        queryClient.setQueryData<User | null>(sessionKey, (me) => (me ? { ...me, about: saved.about } : me));
      }
      next();
    } catch (error) {
      handleError(error);
    }
  };
  const link = LINKS[step];

  return (
    <section className={styles.welcome} aria-labelledby={titleId} data-testid="welcome">
      <header className={styles.head}>
        <h2 id={titleId}>{t(welcomeTitle(user.gender), { name: user.name ?? '' })}</h2>
        <p>{t('welcome.lead')}</p>
        <ol className={styles.dots} aria-label={t('welcome.step', { n: index + 1, total: STEPS.length })}>
          {STEPS.map((s, i) => (
            <li key={s} aria-current={i === index ? 'step' : undefined} />
          ))}
        </ol>
      </header>
      <div className={styles.body}>
        <h3>{t(`welcome.${step}`)}</h3>
        <p>{t(`welcome.${step}Lead`)}</p>
        {step === 'about' && (
          <div className={styles.about}>
            <label htmlFor={aboutId}>{t('welcome.aboutLabel')}</label>
            <textarea
              id={aboutId}
              rows={3}
              maxLength={1000}
              value={about}
              onChange={(e) => setAbout(e.target.value)}
            />
          </div>
        )}
        {link && (
          <Link to={link(user)} className={buttonClass('primary')} onClick={() => void dismissLater(step)}>
            {t(`welcome.${step as Exclude<Step, 'about'>}Action`)}
          </Link>
        )}
      </div>
      <footer className={styles.actions}>
        <Button variant="ghost" onClick={dismiss}>
          {t('welcome.skip')}
        </Button>
        <span className={styles.spacer} />
        {index > 0 && (
          <Button variant="secondary" onClick={() => setIndex(index - 1)}>
            {t('welcome.back')}
          </Button>
        )}
        {step === 'about' ? (
          <Button onClick={saveAbout}>{t('welcome.aboutSave')}</Button>
        ) : (
          <Button variant={link ? 'secondary' : 'primary'} onClick={next}>
            {index + 1 < STEPS.length ? t('welcome.next') : t('welcome.done')}
          </Button>
        )}
      </footer>
    </section>
  );

  /** Leaving for the last step's page ends the welcome; earlier steps bring the member back to it. */
  function dismissLater(s: Step) {
    if (s === 'room') return dismiss();
  }
}
