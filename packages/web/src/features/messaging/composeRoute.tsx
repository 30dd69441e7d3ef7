import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { RequireLogin } from '../../ui/RequireLogin';
import { openOfflineCompose } from './dialogs';
import { IM_PATHS } from './paths';

/** `/offline/offline-compose.jsp?destid=` or `destnames=`: intercepted into the compose window. */
export function composeProps(search: URLSearchParams): { destId?: number; destName?: string } {
  const destId = Number(search.get('destid'));
  const destName = search.get('destnames')?.split(',')[0]?.trim();
  return {
    destId: Number.isInteger(destId) && destId > 0 ? destId : undefined,
    destName: destName || undefined,
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
