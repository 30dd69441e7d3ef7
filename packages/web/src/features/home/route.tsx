import { useSearchParams } from 'react-router';
import { useSession } from '../../api/areas/user';
import { AnonymousHome } from './AnonymousHome';
import { MemberHome } from './MemberHome';

/** /html/index.jsp: the member's home, or the welcome page with the login form. */
export function Component() {
  const { user, isPending } = useSession();
  const [params] = useSearchParams();
  if (isPending) return null;
  if (user) return <MemberHome user={user} />;
  return <AnonymousHome status={params.get('pagestatusmsg')} next={params.get('next')} />;
}
