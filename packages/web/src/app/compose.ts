import { lazyPart } from '../ui/lazyPart';
import { registerProfileCard } from '../ui/member/profileCard';
import { registerProfileGames } from '../ui/member/profileSlots';
import { registerVipPrompt } from '../ui/member/vipPrompt';

/**
 * Where features meet (docs/architecture.md): a feature never imports another feature's
 * internals the other way round, so what one contributes to pieces all features share is
 * handed over here, once, when the shell loads. Chunks stay lazy: only loaders are passed.
 */
registerProfileCard(() => import('../features/people/ProfileCard'));
registerProfileGames(
  lazyPart('src/features/games/ProfileGames.tsx', () => import('../features/games/ProfileGames')),
);
registerVipPrompt(() => import('../features/premium/VipPrompt'));
