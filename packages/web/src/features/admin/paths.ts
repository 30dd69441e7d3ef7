/** The admin area's pages (under /html/admin/, where saved IM dialogs do not reopen). */
export const ADMIN_PATHS = {
  dashboard: '/html/admin/index.jsp',
  reports: '/html/admin/reports.jsp',
  members: '/html/admin/members.jsp',
  member: (uid: number) => `/html/admin/members.jsp?u=${uid}`,
  audit: '/html/admin/audit.jsp',
  /** House ads (features/premium/adsAdminRoute.tsx). */
  ads: '/html/admin/ads.jsp',
  /** The games catalogue (features/games/adminRoute.tsx). */
  games: '/html/admin/games.jsp',
  /** The gift catalogue (features/gifts/adminRoute.tsx). */
  gifts: '/html/admin/gifts.jsp',
  /** Broadcasts on air, to end (features/live/adminRoute.tsx). */
  live: '/html/admin/live.jsp',
} as const;
