import { lazyPart } from '../../ui/lazyPart';
import { registerGiftButton } from '../../ui/member/profileSlots';
import { registerHeaderSlot } from '../../ui/slots/header';
import { HeaderGold } from './HeaderGold';

// The gold balance shows in the header on every page; profiles offer a gift.
registerHeaderSlot('gold', HeaderGold);
registerGiftButton(
  lazyPart('src/features/gifts/GiftButton.tsx', () =>
    import('./GiftButton').then((m) => ({ default: m.GiftButton })),
  ),
);
