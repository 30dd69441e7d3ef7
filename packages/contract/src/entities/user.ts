import { type Static, Type } from '@sinclair/typebox';

const Opt = Type.Optional;

/** A player entry on a profile (spec: User.game is a list of player entries). */
export const UserGameEntry = Type.Object({
  gameId: Type.Integer(),
  name: Type.String(),
  gameStatus: Opt(Type.String()),
  gameStatusUrl: Opt(Type.String()),
  isPlaying: Opt(Type.Boolean()),
  /** Ours: the game's icon, so a profile draws the entry without another call. */
  icon: Opt(Type.String()),
  /** Ours: an external game with a presence address: the profile draws game/getPresenceHtml.do. */
  hasPresenceHtml: Opt(Type.Boolean()),
  /** Ours, as Player: first played and status last changed, epoch ms. */
  creationTime: Opt(Type.Integer()),
  updateTime: Opt(Type.Integer()),
});
export type UserGameEntry = Static<typeof UserGameEntry>;

/**
 * User. Every field but uid is optional on the wire: `fields` projects them,
 * and features fill theirs as they land. The logged-in flags (id, name, verified, vip,
 * chatGagExpiration) come with user/getLoggedInUser.do.
 */
export const User = Type.Object(
  {
    uid: Type.Integer(),
    name: Opt(Type.String()),
    firstName: Opt(Type.String()),
    lastName: Opt(Type.String()),
    age: Opt(Type.Integer()),
    gender: Opt(Type.Union([Type.Literal('m'), Type.Literal('f')])),
    about: Opt(Type.String()),
    from: Opt(Type.String()),
    image1: Opt(Type.String()),
    bgImage: Opt(Type.String()),
    bgStyle: Opt(Type.String()),
    creds: Opt(Type.Integer()),
    tier: Opt(Type.Integer()),
    education: Opt(Type.Integer()),
    ethnicity: Opt(Type.Integer()),
    children: Opt(Type.Integer()),
    lookingFor: Opt(Type.Integer()),
    relationshipStatus: Opt(Type.Integer()),
    relationshipType: Opt(Type.Integer()),
    relationshipPartnerId: Opt(Type.Integer()),
    relationshipPartnerName: Opt(Type.String()),
    /** Ours, on one's own User: whether the named partner confirmed (others see the partner only then). */
    relationshipPartnerConfirmed: Opt(Type.Boolean()),
    sexualOrientation: Opt(Type.Integer()),
    verified: Opt(Type.Boolean()),
    lastAccess: Opt(Type.Integer({ description: 'epoch ms' })),
    onlineSource: Opt(Type.String({ description: 'Mobile, Web, iphoneApp, androidApp' })),
    onlineStatus: Opt(Type.String({ description: 'invisible, busy (absent: online)' })),
    statusObject: Opt(Type.Unknown()),
    star: Opt(Type.Integer({ description: '1 moco, 2 vip, 3 both' })),
    hasMocoStar: Opt(Type.Boolean()),
    hasMocoVIPStar: Opt(Type.Boolean()),
    isFlagged: Opt(Type.Boolean()),
    isFanProfile: Opt(Type.Boolean()),
    isFeaturedArtist: Opt(Type.Boolean()),
    emoticon: Opt(Type.String()),
    font: Opt(Type.String()),
    imColor: Opt(Type.String()),
    imBgColor: Opt(Type.String()),
    imPrivacy: Opt(Type.Integer()),
    imPermission: Opt(Type.Integer()),
    messagePermission: Opt(Type.Integer()),
    pmPermission: Opt(Type.Integer()),
    canInitiateIM: Opt(Type.Boolean()),
    canInitiatePM: Opt(
      Type.Boolean({
        description:
          "ours: the chat private-message permission's answer for the viewer, blocks and bans counted",
      }),
    ),
    isFriend: Opt(Type.Boolean()),
    creationTime: Opt(Type.Integer()),
    viewCount: Opt(Type.Integer()),
    lovePoints: Opt(Type.Integer()),
    chatPoints: Opt(Type.Integer()),
    /** The spec's video status code 0-5 (video calls): never the profile video, see profileVideo. */
    video: Opt(Type.Integer({ description: 'video status code 0-5' })),
    /** The profile song's title as the member wrote it (docs/profile-media.md); the file is songUrl. */
    song: Opt(Type.String()),
    /** Ours: the profile song's audio (AAC in MP4), for those who may see the profile. */
    songUrl: Opt(Type.String()),
    /** Ours: the profile video (H.264/AAC MP4) and its poster, for those who may see the profile. */
    profileVideo: Opt(Type.Object({ url: Type.String(), poster: Opt(Type.String()) })),
    /** Ours, own profile only: an uploaded song or video is still being processed. */
    songProcessing: Opt(Type.Boolean()),
    profileVideoProcessing: Opt(Type.Boolean()),
    game: Opt(Type.Array(UserGameEntry)),
    buddyPosition: Opt(Type.Integer()),
    willAcceptVideoCall: Opt(Type.Boolean()),
    externalLinks: Opt(Type.Array(Type.String())),
    broadcastId: Opt(Type.String()),
    searchProximity: Opt(Type.Number()),
    uploadCode: Opt(Type.String()),
    areacode: Opt(Type.String()),
    locale: Opt(Type.String()),
    // Logged-in flags (only on the caller's own User).
    id: Opt(Type.Integer()),
    vip: Opt(Type.Boolean()),
    /** Own profile only: epoch ms when VIP ends; absent when not VIP or VIP does not expire. */
    vipUntil: Opt(Type.Integer()),
    /** Own profile only: the premium features the member has now (PremiumFeatureKey), VIP's included. */
    premiumFeatures: Opt(Type.Array(Type.String())),
    /** Own profile only: the one-time VIP trial is still there to take. */
    vipTrialAvailable: Opt(Type.Boolean()),
    chatGagExpiration: Opt(Type.Integer({ description: 'epoch ms; 0 when not gagged' })),
    adFree: Opt(
      Type.Boolean({ description: "ours, own view: no ads now (VIP or NO_ADS), the server's answer" }),
    ),
    invisible: Opt(
      Type.Boolean({
        description: 'ours, own view: others see the member offline now (invisible with IM_STATUS)',
      }),
    ),
    isAdmin: Opt(Type.Boolean()),
    /** Own profile only: a site moderator (works the report queue of the admin area). */
    isModerator: Opt(Type.Boolean()),
    /** Own profile only: the member promised to respect the community (needed to message from the card). */
    pledged: Opt(Type.Boolean()),
    /** Own profile only: where the member lives, as edited (from is derived from it). */
    country: Opt(Type.String()),
    state: Opt(Type.String()),
    city: Opt(Type.String()),
    postalCode: Opt(Type.String()),
    email: Opt(Type.String()),
    /** The viewer has blocked this member. */
    isBlocked: Opt(Type.Boolean()),
    /** The photo used as the profile background, for user/setBackgroundPhoto.do (own profile only). */
    bgPhotoId: Opt(Type.Integer()),
    /** Tips the member dismissed (own profile only). */
    dismissedTips: Opt(Type.Array(Type.String())),
    /** Login answer only: failed logins with the member's name since the last successful one. */
    failedLoginAttempts: Opt(Type.Integer()),
    /** Login answer only: the account was being deleted and this login restored it. */
    accountRestored: Opt(Type.Boolean()),
  },
  { title: 'User' },
);
export type User = Static<typeof User>;

/** One of the member's signed-in sessions (profile/getSessions.do). */
export const Session = Type.Object(
  {
    id: Type.String({ description: 'opaque; names the session to profile/endSession.do' }),
    created: Type.Integer({ description: 'epoch ms' }),
    lastSeen: Type.Integer({ description: 'epoch ms' }),
    userAgent: Type.String(),
    device: Type.String({ description: 'a short summary of the user agent, e.g. "Chrome · Linux"' }),
    address: Type.String(),
    current: Type.Boolean({ description: 'the session making this call' }),
  },
  { title: 'Session' },
);
export type Session = Static<typeof Session>;

/** A language the interface offers (code, name, active). */
export const Locale = Type.Object(
  { code: Type.String(), name: Type.String(), active: Type.Boolean() },
  { title: 'Locale' },
);
export type Locale = Static<typeof Locale>;

/** Who viewed a profile and when; `user` only for owners allowed to see names (VIP). */
export const ProfileVisit = Type.Object(
  {
    time: Type.Integer({ description: 'epoch ms of the last visit' }),
    user: Opt(User),
    /** A blurred thumbnail for owners who may not see the name. */
    blurredImage: Opt(Type.String()),
  },
  { title: 'ProfileVisit' },
);
export type ProfileVisit = Static<typeof ProfileVisit>;

/** Permission codes of imPermission, messagePermission and pmPermission. */
export const ContactPermission = { EVERYONE: 0, FRIENDS: 1, NOBODY: 2 } as const;

/** What the member chose about pushes, sound and presence (user/getPreferences.do). */
export const Preferences = Type.Object(
  {
    notifyMessages: Type.Boolean({ description: 'push new mailbox messages' }),
    notifyFriendRequests: Type.Boolean({ description: 'push friend requests and accepted requests' }),
    notifyLikesComments: Type.Boolean({ description: 'notify likes and comments on one’s items' }),
    notifyChatInvites: Type.Boolean({ description: 'push chat room invitations' }),
    sound: Type.Boolean({ description: 'the web app plays sounds' }),
    browserNotifications: Type.Boolean({
      description: 'the web app shows incoming messages as system notifications while its tab is hidden',
    }),
    onlineVisibility: Type.Integer({
      minimum: 0,
      maximum: 2,
      description: 'OnlineVisibility: 0 everyone, 1 friends, 2 nobody',
    }),
    pendingEmail: Type.Optional(Type.String({ description: 'an email change waiting for its confirmation' })),
  },
  { title: 'Preferences' },
);
export type Preferences = Static<typeof Preferences>;
