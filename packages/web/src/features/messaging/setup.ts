import { registerHeaderSlot } from '../../app/header/slots';
import { setMessageDelivery } from '../people/messaging';
import { createDelivery, memberClient } from './delivery';
import { ImHeader } from './ImHeader';

// The IM dropdown shows in the header on every page.
registerHeaderSlot('im', ImHeader);
// The card's and the profile's send button now send for real.
setMessageDelivery(createDelivery({ client: memberClient }));
