import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/areas/user';
import { PATHS } from './paths';

/** Where a visitor is sent from a members-only page; after login they come back to `next`. */
export function loginRedirect(next: string): string {
  return `${PATHS.mustBeLoggedIn}&next=${encodeURIComponent(next)}`;
}

/** Members-only pages send visitors home with "Inicia sesión para continuar". */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return null;
  if (!user) return <Navigate to={loginRedirect(location.pathname + location.search)} replace />;
  return children;
}
