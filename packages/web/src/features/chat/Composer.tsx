import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { errorText } from '../../ui/errors/handleError';
import { useGifPasteGuard } from '../../ui/gifPaste';
import { useEmoticonImage } from '../../ui/markup/emoticonArt';
import { EMOTICONS, type EmoticonName } from '../../ui/markup/emoticons';
import styles from './Chat.module.css';
import './texts';

/**
 * The line a member writes: Enter sends, Shift+Enter breaks the line; emoticons from a picker.
 * The server's refusal (gagged, too fast, not in the room) shows under the box in its words.
 */
export function Composer({
  label,
  onSend,
  disabledReason,
  testId = 'chat-input',
  autoFocus,
  extra,
}: {
  label: string;
  onSend: (text: string) => Promise<unknown>;
  /** Why the member cannot write now (a gag), shown instead of sending. */
  disabledReason?: string;
  testId?: string;
  autoFocus?: boolean;
  /** More buttons beside the emoticons (the room's view-once button). */
  extra?: React.ReactNode;
}) {
  const { t } = useI18n();
  const guardPaste = useGifPasteGuard();
  const imageOf = useEmoticonImage();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    setBusy(true);
    setError('');
    try {
      await onSend(message);
      setText('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const insert = (name: EmoticonName) => {
    setText((value) => `${value}${value && !value.endsWith(' ') ? ' ' : ''}:${name}: `);
    setPicker(false);
    input.current?.focus();
  };

  return (
    <form className={styles.composer} onSubmit={send} noValidate>
      {(error || disabledReason) && (
        <p role="alert" className={styles.composerError} data-testid={`${testId}-error`}>
          {error || disabledReason}
        </p>
      )}
      {picker && (
        <fieldset className={styles.picker}>
          <legend className={styles.visuallyHidden}>{t('chat.emoticons')}</legend>
          {(Object.keys(EMOTICONS) as EmoticonName[]).map((name) => (
            <button
              key={name}
              type="button"
              className={styles.pick}
              onClick={() => insert(name)}
              aria-label={t(`emoticon.${name}`)}
            >
              {imageOf(name) ? (
                <img src={imageOf(name)} alt="" width={20} height={20} draggable={false} />
              ) : (
                EMOTICONS[name].symbol
              )}
            </button>
          ))}
        </fieldset>
      )}
      <div className={styles.composerRow}>
        <button
          type="button"
          className={styles.iconButton}
          aria-expanded={picker}
          aria-label={t('chat.emoticons')}
          onClick={() => setPicker((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-3.5 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm7 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM7.8 14h8.4a4.5 4.5 0 0 1-8.4 0Z"
            />
          </svg>
        </button>
        {extra}
        <label htmlFor={id} className={styles.visuallyHidden}>
          {label}
        </label>
        <textarea
          id={id}
          ref={input}
          className={styles.input}
          rows={1}
          maxLength={1000}
          value={text}
          placeholder={label}
          data-testid={testId}
          disabled={!!disabledReason}
          // biome-ignore lint/a11y/noAutofocus: a chat opens to write
          autoFocus={autoFocus}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={guardPaste}
        />
        <button
          type="submit"
          className={styles.send}
          disabled={busy || !text.trim() || !!disabledReason}
          aria-label={t('chat.send')}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path fill="currentColor" d="M3 20.5V14l9-2-9-2V3.5L22 12 3 20.5Z" />
          </svg>
        </button>
      </div>
    </form>
  );
}
