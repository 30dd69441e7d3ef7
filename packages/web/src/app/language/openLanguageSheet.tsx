import { t } from '../../i18n/i18n';
import { LanguageList } from '../../ui/language/LanguageList';
import { sheets } from '../../ui/sheet/sheetStore';

/** The language sheet: locale entries with code, name and active. */
export function openLanguageSheet(): void {
  sheets.open({ id: 'language', title: t('language.title'), content: <LanguageList /> });
}
