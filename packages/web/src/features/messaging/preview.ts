import { useI18n } from '../../i18n/i18n';
import { type LocalConversation, plainText, previewKind } from './rules';

/** The list line of a conversation's last message: "Foto" / "Video" for media. */
export function usePreview() {
  const { t } = useI18n();
  return (conversation: LocalConversation): string => {
    const last = conversation.messages?.at(-1);
    switch (previewKind(last)) {
      case 'photo':
        return t('im.preview.photo');
      case 'video':
        return t('im.preview.video');
      case 'audio':
        return t('im.preview.audio');
      case 'gift':
        return t('im.preview.gift');
      case 'spin':
        return t('im.preview.spin');
      default:
        return plainText(last?.content ?? '');
    }
  };
}
