import { registerHeaderSlot } from '../../app/header/slots';
import { FriendsHeader } from './FriendsHeader';

// Friends online and pending requests show in the header on every page.
registerHeaderSlot('friends', FriendsHeader);
