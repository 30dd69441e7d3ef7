import { t } from '../../i18n/i18n';
import { sheets } from '../../ui/sheet/sheetStore';

/**
 * The language sheet: locale entries with code, name and active. The list (and the call that
 * fills it) is fetched when the sheet first opens, not with every page (first-load.e2e.test.ts).
 */
export function openLanguageSheet(): void {
  void import('../../ui/language/LanguageList').then(({ LanguageList }) =>
    sheets.open({ id: 'language', title: t('language.title'), content: <LanguageList /> }),
  );
}
