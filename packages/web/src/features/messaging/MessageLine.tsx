import type { CSSProperties } from 'react';
import { useI18n } from '../../i18n/i18n';
import { GiftImage } from '../../ui/gift/GiftImage';
import { RichText } from '../../ui/markup/RichText';
import { TimeAgo } from '../../ui/time/clock';
import { EphemeralTile } from '../ephemeral/EphemeralTile';
import { SpinLine } from '../rewards/SpinLine';
import { AudioButton } from './AudioButton';
import styles from './Conversation.module.css';
import { contentParts, type LocalMessage, safeMediaUrl } from './rules';
import '../webpush/texts';
import './texts';

/** The sender's IM colours (kept on the message at send time), else their current ones. */
export function messageStyle(message: LocalMessage): CSSProperties | undefined {
  const color = message.fgColor || message.sender?.imColor;
  const background = message.bgColor || message.sender?.imBgColor;
  if (!color && !background) return undefined;
  return { color: color || undefined, background: background || undefined };
}

/** One line of a conversation: text with markers and emoticons (never HTML), media tags, state. */
export function MessageLine({
  message,
  own,
  showSender,
  onRetry,
}: {
  message: LocalMessage;
  own: boolean;
  showSender: boolean;
  onRetry?: (message: LocalMessage) => void;
}) {
  const { t } = useI18n();
  const parts = contentParts(message.content ?? '');
  return (
    <li
      className={styles.line}
      data-own={own || undefined}
      data-status={message.status}
      data-testid="im-message"
      data-id={message.id}
    >
      {showSender && !own && message.sender && <span className={styles.sender}>{message.sender.name}</span>}
      <div className={styles.bubble} style={messageStyle(message)}>
        {parts.map((part, index) => {
          const key = `${index}-${part.type}`;
          const src = safeMediaUrl(part.value);
          switch (part.type) {
            case 'image':
              return src ? (
                <img
                  key={key}
                  className={styles.media}
                  src={src}
                  alt={t('im.preview.photo')}
                  loading="lazy"
                />
              ) : null;
            case 'video':
              return src ? (
                // biome-ignore lint/a11y/useMediaCaption: members' clips carry no caption track
                <video key={key} className={styles.media} src={src} controls preload="metadata" />
              ) : null;
            case 'audio':
              return src ? <AudioButton key={key} src={src} /> : null;
            case 'gift':
              return (
                <span key={key} className={styles.tag} data-testid="im-gift-line">
                  {message.gift && <GiftImage giftId={message.gift.id} alt="" size={56} />}
                  {t('im.preview.gift')}
                </span>
              );
            case 'spin':
              return message.spin ? (
                <SpinLine key={key} spin={message.spin} mine={own} />
              ) : (
                <RichText key={key} text={`[spin]${part.value}[/spin]`} />
              );
            case 'icebreaker':
              return <RichText key={key} text={part.value} />;
            case 'ephemeral':
              return <EphemeralTile key={key} value={part.value} />;
            default:
              return <RichText key={key} text={part.value} />;
          }
        })}
        {message.gift && !parts.some((p) => p.type === 'gift') && (
          <span className={styles.tag}>{message.gift.name ?? t('im.preview.gift')}</span>
        )}
      </div>
      <span className={styles.meta}>
        {message.status === 'sending' ? (
          t('im.sending')
        ) : message.status === 'queued' ? (
          <span data-testid="queued">{t('im.queued')}</span>
        ) : message.status === 'failed' ? (
          <>
            <span className={styles.failed}>{t('im.failed')}</span>
            {onRetry && (
              <button type="button" className={styles.retry} onClick={() => onRetry(message)}>
                {t('im.retry')}
              </button>
            )}
          </>
        ) : message.sentTime ? (
          <time dateTime={new Date(message.sentTime).toISOString()}>
            <TimeAgo at={message.sentTime} />
          </time>
        ) : null}
      </span>
    </li>
  );
}
