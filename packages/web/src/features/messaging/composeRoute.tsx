import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { RequireLogin } from '../../ui/RequireLogin';
import { openOfflineCompose } from './dialogs';
import { IM_PATHS } from './paths';
import { recipientNames } from './rules';

/**
 * `/offline/offline-compose.jsp?destid=` or `destnames=` (one or several names, comma-separated):
 * intercepted into the compose window, addressed to all of them.
 */
export function composeProps(search: URLSearchParams): { destId?: number; destName?: string } {
  const destId = Number(search.get('destid'));
  const names = recipientNames(search.get('destnames') ?? '');
  return {
    destId: Number.isInteger(destId) && destId > 0 ? destId : undefined,
    destName: names.length ? names.join(', ') : undefined,
  };
}

function Compose() {
  const [search] = useSearchParams();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openOfflineCompose(composeProps(search));
  }, [search]);
  return <Navigate to={IM_PATHS.inbox} replace />;
}

export function Component() {
  return (
    <RequireLogin>
      <Compose />
    </RequireLogin>
  );
}
