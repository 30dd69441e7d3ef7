/**
 * Features that put something on every page (header slots, extension points of other
 * features) register here; main.tsx imports this once. Pages stay lazy in app/router.tsx.
 */
import './features/buddies/setup';
import './features/chat/setup';
import './features/feed/setup';
import './features/games/setup';
import './features/gifts/setup';
import './features/messaging/setup';
import './features/webpush/setup';
