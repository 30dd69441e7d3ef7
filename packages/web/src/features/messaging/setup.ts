import { useHeaderConversations } from '../../api/areas/messaging';
import { registerHeaderSlot } from '../../ui/slots/header';
import { registerNavCount } from '../../ui/slots/nav';
import { setMessageDelivery } from '../people/messaging';
import { createDelivery, memberClient } from './delivery';
import { ImHeader } from './ImHeader';
import { totalUnread } from './rules';

// The IM dropdown shows in the header on every page.
registerHeaderSlot('im', ImHeader);
// The card's and the profile's send button now send for real.
setMessageDelivery(createDelivery({ client: memberClient }));
// The phone bar's Messages badge: the same list (and cache entry) as the IM dropdown.
registerNavCount('messages', () => totalUnread(useHeaderConversations(true).data));
