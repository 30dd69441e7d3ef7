import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { blockGifPaste, useGifPasteGuard } from '../../ui/gifPaste';
import styles from './Conversation.module.css';
import { TYPING_THROTTLE_MS } from './rules';
import './texts';

export { blockGifPaste };

/** The message input: Enter sends, Shift+Enter breaks the line; typing notices are throttled. */
export function Composer({
  onSend,
  onTyping,
  disabled,
  autoFocus,
  extra,
}: {
  onSend: (text: string) => void;
  onTyping?: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
  extra?: React.ReactNode;
}) {
  const { t } = useI18n();
  const guardPaste = useGifPasteGuard();
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const id = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || disabled) return;
    setText('');
    onSend(message);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {t('im.messageLabel')}
      </label>
      <textarea
        id={id}
        className={styles.input}
        rows={1}
        maxLength={4000}
        value={text}
        placeholder={t('im.placeholder')}
        data-testid="im-input"
        // biome-ignore lint/a11y/noAutofocus: an IM window opened by the member starts in its text box
        autoFocus={autoFocus}
        onKeyDown={onKeyDown}
        onPaste={guardPaste}
        onChange={(event) => {
          setText(event.target.value);
          const now = Date.now();
          if (onTyping && event.target.value && now - lastTyping.current > TYPING_THROTTLE_MS) {
            lastTyping.current = now;
            onTyping();
          }
        }}
      />
      {extra}
      <Button type="submit" disabled={disabled || !text.trim()} data-testid="im-send">
        {t('im.send')}
      </Button>
    </form>
  );
}
