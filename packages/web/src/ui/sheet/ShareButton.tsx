import { useI18n } from '../../i18n/i18n';
import { Button } from '../Button';

/** An absolute link to a page of this site (what the share sheet hands out). */
export function siteLink(path: string): string {
  return new URL(path, window.location.origin).href;
}

/**
 * Opens the share sheet (native share, copy link, email) for a page of the site. The sheet's code
 * loads on the first press.
 */
export function ShareButton({
  path,
  title,
  variant = 'secondary',
  className,
}: {
  path: string;
  title: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  className?: string;
}) {
  const { t } = useI18n();
  const open = () =>
    void import('./share').then(({ openShareSheet }) => openShareSheet({ url: siteLink(path), title }));
  return (
    <Button variant={variant} className={className} onClick={open} data-testid="share-button">
      {t('share.button')}
    </Button>
  );
}
