/**
 * Page routes (the .jsp paths are the app's real URLs). API paths never
 * appear here: they come from the contract.
 */
export const PATHS = {
  home: '/html/index.jsp',
  mustBeLoggedIn: '/html/index.jsp?pagestatusmsg=error.mustBeLoggedIn',
  login: '/html/login.jsp',
  signup: '/html/signup.jsp',
  logout: '/html/logout.jsp',
  verify: '/link/profile-verify.jsp',
  search: '/html/search.jsp',
  settings: '/html/settings.jsp',
  notifications: '/html/notifications.jsp',
  /** Every IM conversation (a conversation adds `?cid=`). */
  messages: '/html/online/message-view.jsp',
  profileVisits: '/html/gold/profile-visits.jsp',
  giftsAccount: '/html/gifts/account.jsp',
  leaderboards: '/html/gifts/leaderboards.jsp',
  contests: '/html/gifts/contests.jsp',
  contest: (id: number) => `/html/gifts/contest.jsp?contestId=${id}`,
  dailySpin: '/html/gifts/spin.jsp',
  gems: '/html/gifts/gems.jsp',
  vip: '/html/gold/vip.jsp',
  gold: '/html/gold/',
  games: '/games',
  chat: '/chat/',
  profile: (uid: number) => `/html/profile-view.jsp?user=${uid}`,
  /** The photo page, and a member's albums (optionally one album). */
  photo: (postId: number, uid: number) => `/html/album/photoalbum-view.jsp?postid=${postId}&u=${uid}`,
  albums: (uid: number, albumId?: number) =>
    `/html/album/photoalbums.jsp?u=${uid}${albumId ? `&a=${albumId}` : ''}`,
  /** What Tertulia is, and the artwork's credits. */
  about: '/about',
  /** The photos a member liked (album/getPhotoFavorites.do), a tab of their albums page. */
  photoFavorites: (uid: number) => `/html/album/photoalbums.jsp?u=${uid}&fav=1`,
  /** A member's broadcast page, and a shared story (opens the story viewer). */
  live: (uid: number) => `/live?u=${uid}`,
  /** The member's own studio: camera, preview, going live. */
  goLive: '/live',
  story: (authorId: number, storyId: number) => `/stories?u=${authorId}&s=${storyId}`,
  buddies: '/html/buddies.jsp',
  buddyRequests: '/html/buddies-requests.jsp',
  /** Another member's friend list. */
  buddiesOf: (uid: number) => `/html/buddies.jsp?u=${uid}`,
  /** The add-friend confirmation page, with the server's message. */
  buddyAdd: (uid: number, message: string) =>
    `/html/buddies-show.jsp?action=add&u=${uid}&pageerrormsg=${encodeURIComponent(message)}`,
  game: (gid: number, url?: string) => `/games?gid=${gid}${url ? `&url=${encodeURIComponent(url)}` : ''}`,
  /** Language change is a GET of the home path with `locale`. */
  language: (code: string) => `/?locale=${encodeURIComponent(code)}`,
} as const;

/** The status message that asks an anonymous visitor to log in. */
export const MUST_BE_LOGGED_IN = 'error.mustBeLoggedIn';
