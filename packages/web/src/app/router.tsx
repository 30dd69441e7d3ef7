import { createBrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation } from 'react-router';
import { PATHS } from '../ui/paths';
import { setServedPaths } from '../ui/served';
import { RouteError } from './RouteError';
import { Shell } from './Shell';

function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={`${PATHS.home}${search}`} replace />;
}

/**
 * Every page is its own chunk (route.lazy). Feature issues add their routes to this list; the
 * server's SPA fallback serves index.html for /html/*, /link/*, /chat/*, /games, /offline/*.
 */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <RootRedirect /> },
  { path: 'html/index.jsp', lazy: () => import('../features/home/route') },
  { path: 'html/login.jsp', lazy: () => import('../features/account/loginRoute'), handle: { adFree: true } },
  {
    path: 'html/signup.jsp',
    lazy: () => import('../features/account/signupRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/logout.jsp',
    lazy: () => import('../features/account/logoutRoute'),
    handle: { adFree: true },
  },
  { path: 'html/profile-view.jsp', lazy: () => import('../features/people/profileRoute') },
  { path: 'html/search.jsp', lazy: () => import('../features/people/searchRoute') },
  {
    path: 'html/gold/profile-visits.jsp',
    lazy: () => import('../features/people/visitsRoute'),
    handle: { adFree: true },
  },
  {
    path: 'link/profile-verify.jsp',
    lazy: () => import('../features/people/verifyRoute'),
    handle: { adFree: true },
  },
  { path: 'html/settings.jsp', lazy: () => import('../features/account/settingsRoute') },
  {
    path: 'link/email-confirm.jsp',
    lazy: () => import('../features/account/emailConfirmRoute'),
    handle: { adFree: true },
  },
  { path: 'html/buddies.jsp', lazy: () => import('../features/buddies/friendsRoute') },
  { path: 'html/buddies-requests.jsp', lazy: () => import('../features/buddies/requestsRoute') },
  { path: 'html/buddies-show.jsp', lazy: () => import('../features/buddies/addRoute') },
  { path: 'html/online/message-view.jsp', lazy: () => import('../features/messaging/messageViewRoute') },
  { path: 'html/online/online-main.jsp', lazy: () => import('../features/messaging/leaveRoute') },
  { path: 'offline/offline-inbox.jsp', lazy: () => import('../features/messaging/offlineRoute') },
  { path: 'offline/offline-sent.jsp', lazy: () => import('../features/messaging/offlineRoute') },
  { path: 'offline/offline-compose.jsp', lazy: () => import('../features/messaging/composeRoute') },
  { path: 'chat', lazy: () => import('../features/chat/listRoute') },
  // Ad-free: a game needs the width, and an ad beside a game is easily clicked by mistake.
  { path: 'games', lazy: () => import('../features/games/route'), handle: { adFree: true } },
  {
    path: 'chat/room/:roomId',
    lazy: () => import('../features/chat/roomRoute'),
    handle: { adFree: true },
  },
  // Where notifications about a status lead (the server's item link).
  { path: 'feed', lazy: () => import('../features/feed/statusRoute') },
  { path: 'stories', lazy: () => import('../features/stories/storyLinkRoute') },
  { path: 'live', lazy: () => import('../features/live/liveRoute') },
  { path: 'html/album/photoalbum-view.jsp', lazy: () => import('../features/photos/photoRoute') },
  { path: 'html/album/photoalbums.jsp', lazy: () => import('../features/photos/albumsRoute') },
  { path: 'html/notifications.jsp', lazy: () => import('../features/feed/notificationsRoute') },
  { path: 'html/gifts/account.jsp', lazy: () => import('../features/gifts/accountRoute') },
  { path: 'html/gold/shop.jsp', lazy: () => import('../features/gifts/shopRoute'), handle: { adFree: true } },
  {
    path: 'html/gold/checkout.jsp',
    lazy: () => import('../features/premium/checkoutRoute'),
    handle: { adFree: true },
  },
  // The gold section (docs/premium.md): ad-free, and saved IM dialogs stay closed (imStore skipsReopen).
  { path: 'html/gold', lazy: () => import('../features/premium/goldRoute'), handle: { adFree: true } },
  {
    path: 'html/gold/index.jsp',
    lazy: () => import('../features/premium/goldRoute'),
    handle: { adFree: true },
  },
  { path: 'html/gold/vip.jsp', lazy: () => import('../features/premium/vipRoute'), handle: { adFree: true } },
  {
    path: 'html/gold/features.jsp',
    lazy: () => import('../features/premium/featuresRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/gold/spotlights.jsp',
    lazy: () => import('../features/premium/spotlightsRoute'),
    handle: { adFree: true },
  },
  { path: 'html/gifts/leaderboards.jsp', lazy: () => import('../features/rewards/leaderboardsRoute') },
  { path: 'html/gifts/spin.jsp', lazy: () => import('../features/rewards/spinRoute') },
  { path: 'html/gifts/gems.jsp', lazy: () => import('../features/rewards/gemsRoute') },
  { path: 'html/gifts/contests.jsp', lazy: () => import('../features/rewards/contestsRoute') },
  { path: 'html/gifts/contest.jsp', lazy: () => import('../features/rewards/contestRoute') },
  // The admin area (team only; the server checks every call).
  {
    path: 'html/admin/index.jsp',
    lazy: () => import('../features/admin/dashboardRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/admin/reports.jsp',
    lazy: () => import('../features/admin/reportsRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/admin/members.jsp',
    lazy: () => import('../features/admin/membersRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/admin/audit.jsp',
    lazy: () => import('../features/admin/auditRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/admin/games.jsp',
    lazy: () => import('../features/games/adminRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/admin/gifts.jsp',
    lazy: () => import('../features/gifts/adminRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/admin/live.jsp',
    lazy: () => import('../features/live/adminRoute'),
    handle: { adFree: true },
  },
  {
    path: 'html/admin/ads.jsp',
    lazy: () => import('../features/premium/adsAdminRoute'),
    handle: { adFree: true },
  },

  // What Tertulia is and the credits of its open artwork (the licences' attribution).
  { path: 'about', lazy: () => import('../features/gifts/aboutRoute') },
  { path: '*', lazy: () => import('../features/notfound/route') },
];

/**
 * What the first render shows while the first page's chunk (route.lazy) loads: nothing, for the
 * few milliseconds it takes; the shell and the page then appear together, not a frame apart.
 */
function Starting() {
  return null;
}

// Features ask ui/served.ts whether a link has a page; the router is the one that knows.
setServedPaths((pathname) => {
  const matched = matchRoutes([{ path: '/', children: pageRoutes }], pathname);
  return matched !== null && matched.at(-1)?.route.path !== '*';
});

/** The app's routes: the shell around every page (the browser's router and the server's render). */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <Shell />,
      errorElement: <RouteError />,
      HydrateFallback: Starting,
      children: pageRoutes,
    },
  ];
}

/** The pages under the shell, for matching a path outside the router. */
const pageTree: RouteObject[] = [{ path: '/', children: pageRoutes }];

/** The route a path is drawn by, as analytics name pages: `/chat/room/:roomId`; `*` when none. */
export function routePatternOf(pathname: string): string {
  const route = matchRoutes(pageTree, pathname)?.at(-1)?.route;
  if (!route || route.path === '*') return '*';
  return route.index ? '/' : `/${route.path}`;
}

/**
 * Loads the code of the pages a path shows before the router starts, so a page the server
 * rendered is hydrated as it is instead of replaced by the (empty) fallback while its chunk loads.
 */
export async function loadPagesOf(pathname: string): Promise<void> {
  const matches = matchRoutes(pageTree, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
