import { useQueryClient } from '@tanstack/react-query';
import { PROFILE_FONTS } from '@tertulia/contract';
import { useId } from 'react';
import { setLayoutStyle } from '../../api/areas/chat';
import { setFont } from '../../api/areas/people';
import { useSession } from '../../api/areas/user';
import { useI18n } from '../../i18n/i18n';
import { patchConfiguration, useChatConfiguration } from '../chat/queries';
import { LAYOUTS, layoutOf } from '../chat/rules';
import { ImColors } from '../messaging/ImColors';
import { useSaver } from './preferencesApi';
import styles from './Settings.module.css';
import './texts';
import '../chat/texts';

const FONTS = PROFILE_FONTS;

/** Chat layout (chat/setLayoutStyle.do), message font (user/setFont.do) and IM colours. */
export function AppearanceSettings() {
  const { t } = useI18n();
  const { user } = useSession();
  const config = useChatConfiguration();
  const queryClient = useQueryClient();
  const save = useSaver(t('prefs.saved'));
  const fontId = useId();
  const layout = layoutOf(config.data?.layoutStyle);
  return (
    <section className={styles.section} aria-labelledby="settings-appearance">
      <h2 id="settings-appearance">{t('prefs.appearance')}</h2>
      <fieldset className={styles.row}>
        <legend>{t('prefs.chatLayout')}</legend>
        {LAYOUTS.map((style) => (
          <label key={style}>
            <input
              type="radio"
              name="chatLayout"
              value={style}
              checked={layout === style}
              onChange={async () => {
                if (await save.user(() => setLayoutStyle({ style }), {}))
                  patchConfiguration(queryClient, { layoutStyle: style });
              }}
            />{' '}
            {t(`chat.layout.${style}`)}
          </label>
        ))}
      </fieldset>
      <div className={styles.choice}>
        <label htmlFor={fontId}>{t('prefs.font')}</label>
        <select
          id={fontId}
          name="font"
          value={user?.font ?? ''}
          onChange={(e) => save.user(() => setFont({ font: e.target.value }), { font: e.target.value })}
        >
          {!user?.font && <option value="">{t('prefs.font.default')}</option>}
          {FONTS.map((font) => (
            <option key={font} value={font} style={{ fontFamily: font }}>
              {font}
            </option>
          ))}
        </select>
      </div>
      <ImColors />
    </section>
  );
}
