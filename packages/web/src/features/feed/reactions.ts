import { t } from '../../i18n/i18n';
import { sheets } from '../../ui/sheet/sheetStore';

/** The reactions sheet's choices; a reaction is a like whose `content` is the emoji. */
export const REACTIONS = ['❤️', '😂', '😮', '😢', '😡'] as const;

/** The reader's own reaction to the item, when their like carries one of the sheet's emoji. */
export function myReaction(event: { liked?: boolean; reaction?: string }): string | undefined {
  const r = event.reaction;
  return event.liked && r && (REACTIONS as readonly string[]).includes(r) ? r : undefined;
}

/** The reactions sheet, a row of round choices. */
export function openReactionsSheet(onPick: (reaction: string) => void): void {
  sheets.open({
    id: 'reactions',
    title: t('feed.reactions'),
    actions: REACTIONS.map((reaction) => ({ text: reaction, round: true, onClick: () => onPick(reaction) })),
    burnAfterReading: true,
  });
}
