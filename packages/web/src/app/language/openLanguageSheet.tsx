import { t } from '../../i18n/i18n';
import { sheets } from '../../ui/sheet/sheetStore';
import { LanguageList } from './LanguageList';

/** The language sheet (spec section 2): locale entries with code, name and active. */
export function openLanguageSheet(): void {
  sheets.open({ id: 'language', title: t('language.title'), content: <LanguageList /> });
}
