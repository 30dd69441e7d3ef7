import { registerGiftButton } from '../../ui/member/profileSlots';
import { registerHeaderSlot } from '../../ui/slots/header';
import { GiftButton } from './GiftButton';
import { HeaderGold } from './HeaderGold';

// The gold balance shows in the header on every page; profiles offer a gift.
registerHeaderSlot('gold', HeaderGold);
registerGiftButton(GiftButton);
