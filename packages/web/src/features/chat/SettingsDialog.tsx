import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatConfiguration } from '@tertulia/contract';
import { useId } from 'react';
import * as chatApi from '../../api/areas/chat';
import { useI18n } from '../../i18n/i18n';
import { DialogFrame } from '../../ui/dialog/DialogFrame';
import type { DialogComponentProps } from '../../ui/dialog/dialogStore';
import { errorText } from '../../ui/errors/handleError';
import { RichText } from '../../ui/markup/RichText';
import { toast } from '../../ui/toast/toastStore';
import styles from './Chat.module.css';
import { c, patchConfiguration, useChatConfiguration } from './queries';
import { EMOTICON_THEMES, entryColors, LAYOUTS, layoutOf } from './rules';
import './texts';

function Swatches({
  label,
  colors,
  value,
  onPick,
}: {
  label: string;
  colors: readonly string[];
  value: string | undefined;
  onPick: (color: string) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{label}</legend>
      <div className={styles.swatches}>
        {colors.map((color) => (
          <button
            key={color}
            type="button"
            className={styles.swatch}
            style={{ background: color }}
            aria-pressed={value?.toUpperCase() === color.toUpperCase()}
            aria-label={color}
            title={color}
            onClick={() => onPick(color)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The member's chat look: colours, emoticon theme, layout of the stream, collapsed images. */
export default function SettingsDialog({ dialog }: DialogComponentProps<Record<string, never>>) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const themeId = useId();
  const config = useChatConfiguration();
  const colors = useQuery({
    queryKey: [c.getPossibleColors.path],
    queryFn: ({ signal }) => chatApi.getPossibleColors({}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const save = async (request: () => Promise<unknown>, patch: Partial<ChatConfiguration>) => {
    const previous = config.data;
    patchConfiguration(queryClient, patch);
    try {
      await request();
    } catch (error) {
      if (previous) patchConfiguration(queryClient, previous);
      toast.error(errorText(error));
    }
  };
  const data = config.data;
  const layout = layoutOf(data?.layoutStyle);

  return (
    <DialogFrame title={t('chat.settings.title')} dialog={dialog}>
      {!data ? (
        <p>{t('app.loading')}</p>
      ) : (
        <div className={styles.settings} data-testid="chat-settings">
          <p className={styles.sample} data-testid="chat-settings-preview">
            <span
              className={styles.message}
              style={entryColors(data.color, data.bgColor)}
              data-emoticons={data.emoticonPath}
            >
              <RichText text={t('chat.settings.sample')} emoticonPath={data.emoticonPath} />
            </span>
          </p>
          <Swatches
            label={t('chat.settings.color')}
            colors={colors.data ?? []}
            value={data.color}
            onPick={(color) => save(() => chatApi.setColor({ color }), { color })}
          />
          <Swatches
            label={t('chat.settings.bgColor')}
            colors={colors.data ?? []}
            value={data.bgColor}
            onPick={(color) => save(() => chatApi.setBgColor({ color }), { bgColor: color })}
          />
          <fieldset className={styles.fieldset}>
            <legend>{t('chat.settings.layout')}</legend>
            <div className={styles.radios}>
              {LAYOUTS.map((style) => (
                <label key={style} className={styles.radio}>
                  <input
                    type="radio"
                    name="chat-layout"
                    value={style}
                    checked={layout === style}
                    onChange={() => save(() => chatApi.setLayoutStyle({ style }), { layoutStyle: style })}
                  />
                  {t(`chat.layout.${style}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className={styles.row}>
            <label htmlFor={themeId}>{t('chat.settings.theme')}</label>
            <select
              id={themeId}
              value={data.emoticonPath}
              onChange={(event) =>
                save(() => chatApi.setEmoticonPath({ path: event.target.value }), {
                  emoticonPath: event.target.value,
                })
              }
            >
              {EMOTICON_THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {t(`chat.theme.${theme}`)}
                </option>
              ))}
            </select>
          </div>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={data.collapseImages}
              onChange={(event) =>
                save(() => chatApi.setCollapseImages({ collapse: event.target.checked }), {
                  collapseImages: event.target.checked,
                })
              }
            />
            {t('chat.settings.collapse')}
          </label>
        </div>
      )}
    </DialogFrame>
  );
}
