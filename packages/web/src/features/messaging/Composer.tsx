import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { blockGifPaste, useGifPasteGuard } from '../../ui/gifPaste';
import { AttachField } from '../photos/AttachField';
import type { AttachedPhoto } from '../photos/dialogs';
import styles from './Conversation.module.css';
import { TYPING_THROTTLE_MS } from './rules';
import './texts';

export { blockGifPaste };

/**
 * The message input: Enter sends, Shift+Enter breaks the line; typing notices are throttled.
 * With `attach`, a photo from the member's albums (or uploaded into them) goes with the line,
 * or alone.
 */
export function Composer({
  onSend,
  onTyping,
  disabled,
  autoFocus,
  extra,
  attach,
}: {
  onSend: (text: string, photo?: AttachedPhoto) => void;
  onTyping?: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
  extra?: React.ReactNode;
  attach?: boolean;
}) {
  const { t } = useI18n();
  const guardPaste = useGifPasteGuard();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<AttachedPhoto>();
  const lastTyping = useRef(0);
  const id = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if ((!message && !photo) || disabled) return;
    setText('');
    setPhoto(undefined);
    onSend(message, photo);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      {photo && (
        // The chosen photo gets a row of its own above the input: the phone row has no room.
        <div className={styles.attachedRow}>
          <AttachField value={photo} onChange={setPhoto} disabled={disabled} />
        </div>
      )}
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
      {attach && !photo && <AttachField compact value={photo} onChange={setPhoto} disabled={disabled} />}
      {extra}
      <Button type="submit" disabled={disabled || (!text.trim() && !photo)} data-testid="im-send">
        {t('im.send')}
      </Button>
    </form>
  );
}
