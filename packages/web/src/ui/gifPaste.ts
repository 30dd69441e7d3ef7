import type { ClipboardEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import { toast } from './toast/toastStore';

/** Links to the two gif-hosting sites (and their short links), refused when pasted into a message. */
const GIF_HOSTS = /(?:^|[^\w.-])(?:[\w-]+\.)*(?:giphy\.com|gph\.is|tenor\.com|tenor\.co)(?=[/:?#\s]|$)/i;

export function hasGifLink(text: string): boolean {
  return GIF_HOSTS.test(text);
}

/** Stops a paste carrying a gif-site link from reaching the input; true when it did. */
export function blockGifPaste(event: Pick<ClipboardEvent, 'clipboardData' | 'preventDefault'>): boolean {
  const text = event.clipboardData?.getData('text') ?? '';
  if (!hasGifLink(text)) return false;
  event.preventDefault();
  return true;
}

/**
 * The onPaste of every message input (chat room, IM, offline mail): a gif-site link is refused
 * and the member told why.
 */
export function useGifPasteGuard(): (event: ClipboardEvent) => void {
  const { t } = useI18n();
  return (event) => {
    if (blockGifPaste(event)) toast.warning(t('im.gifBlocked'));
  };
}
