import { t } from '../../i18n/i18n';
import { sheets } from '../../ui/sheet/sheetStore';

/** The reactions sheet's choices; a reaction is a like whose `content` is the emoji. */
export const REACTIONS = ['❤️', '😂', '😮', '😢', '😡'] as const;

/** Spec section 2: the reactions sheet, a row of round choices. */
export function openReactionsSheet(onPick: (reaction: string) => void): void {
  sheets.open({
    id: 'reactions',
    title: t('feed.reactions'),
    actions: REACTIONS.map((reaction) => ({ text: reaction, round: true, onClick: () => onPick(reaction) })),
    burnAfterReading: true,
  });
}
