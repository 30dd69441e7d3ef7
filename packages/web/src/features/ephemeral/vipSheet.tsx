import { t } from '../../i18n/i18n';
import { PATHS } from '../../ui/paths';
import { sheets } from '../../ui/sheet/sheetStore';
import './texts';

/** The spec's "VIP ephemeral" sheet: in chat rooms only VIP members send view-once media. */
export function openVipSheet() {
  sheets.open({
    id: 'vip-ephemeral',
    title: t('ephemeral.vip.title'),
    content: <p data-testid="ephemeral-vip-sheet">{t('ephemeral.vip.text')}</p>,
    actions: [{ text: t('ephemeral.vip.action'), href: PATHS.vip }, { text: t('ephemeral.vip.later') }],
  });
}
