import { analytics } from '../../api/analytics';
import { t } from '../../i18n/i18n';
import { toast } from '../toast/toastStore';
import { type SheetAction, type SheetStore, sheets } from './sheetStore';

export interface ShareTarget {
  url: string;
  title: string;
}

/** The share sheet: native share where the browser has it, copy link, email. */
export function shareActions(target: ShareTarget, nav: Navigator = navigator): SheetAction[] {
  const actions: SheetAction[] = [];
  if (typeof nav.share === 'function') {
    actions.push({
      text: t('share.native'),
      onClick: () => {
        analytics.track('share_native');
        // A dismissed native sheet rejects with AbortError: nothing to report.
        nav.share({ url: target.url, title: target.title }).catch(() => undefined);
      },
    });
  }
  actions.push({
    text: t('share.copy'),
    onClick: () => {
      analytics.track('share_copy_link');
      nav.clipboard
        ?.writeText(target.url)
        .then(() => toast.success(t('share.copied')))
        .catch(() => toast.error(t('error.default')));
    },
  });
  actions.push({
    text: t('share.email'),
    href: `mailto:?subject=${encodeURIComponent(target.title)}&body=${encodeURIComponent(target.url)}`,
    onClick: () => analytics.track('share_email'),
  });
  return actions;
}

export function openShareSheet(target: ShareTarget, store: SheetStore = sheets): void {
  store.open({ id: 'share', title: t('share.title'), actions: shareActions(target), burnAfterReading: true });
}
