import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/areas/user';
import { lazyPart } from '../../ui/lazyPart';
import { MemberHome } from './MemberHome';

// The visitor's login form is its own chunk: members never download it (e2e/first-load.e2e.test.ts).
const AnonymousHome = lazyPart('src/features/home/AnonymousHome.tsx', () =>
  import('./AnonymousHome').then((m) => ({ default: m.AnonymousHome })),
);

/** /html/index.jsp: the member's home, or the welcome page with the login form. */
export function Component() {
  const { user, isPending } = useSession();
  const [params] = useSearchParams();
  if (isPending) return null;
  if (user) return <MemberHome user={user} />;
  return (
    <Suspense fallback={null}>
      <AnonymousHome status={params.get('pagestatusmsg')} next={params.get('next')} />
    </Suspense>
  );
}
