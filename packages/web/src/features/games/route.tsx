import { useSearchParams } from 'react-router';
import { RequireLogin } from '../../ui/RequireLogin';
import { GamePage } from './GamePage';
import { ListingPage } from './ListingPage';
import { gamesQuery } from './rules';

/** /games (the listing) and /games?gid= (a game's page, with the game open when asked). */
function Games() {
  const [search] = useSearchParams();
  const q = gamesQuery(search);
  if (!q.gid) return <ListingPage />;
  return <GamePage key={q.gid} gid={q.gid} autoplay={q.autoplay} path={q.path} gameParams={q.gameParams} />;
}

export function Component() {
  return (
    <RequireLogin>
      <Games />
    </RequireLogin>
  );
}
