/** Enumerations: Profile attributes (User fields and advanced search). */
export const Children = { NEVER: 1, SOMEDAY: 2, UNDECIDED: 3, PARENT: 4 } as const;
export type Children = (typeof Children)[keyof typeof Children];

/** The spec gives only the ends (1 some high school, 5 post graduate); the middle is ours. */
export const Education = {
  SOME_HIGH_SCHOOL: 1,
  HIGH_SCHOOL: 2,
  SOME_COLLEGE: 3,
  COLLEGE: 4,
  POST_GRADUATE: 5,
} as const;
export type Education = (typeof Education)[keyof typeof Education];

/** The spec numbers nine ethnicities without naming them; the labels live in the i18n catalogs. */
export const Ethnicity = {
  ETHNICITY_1: 1,
  ETHNICITY_2: 2,
  ETHNICITY_3: 3,
  ETHNICITY_4: 4,
  ETHNICITY_5: 5,
  ETHNICITY_6: 6,
  ETHNICITY_7: 7,
  ETHNICITY_8: 8,
  ETHNICITY_9: 9,
} as const;
export type Ethnicity = (typeof Ethnicity)[keyof typeof Ethnicity];

export const LookingFor = { DATING: 1, SERIOUS_RELATIONSHIP: 2, FRIENDS: 3, NETWORKING: 4, ALL: 5 } as const;
export type LookingFor = (typeof LookingFor)[keyof typeof LookingFor];

export const RelationshipStatus = { SINGLE: 1, IN_A_RELATIONSHIP: 2, MARRIED: 3, DIVORCED: 4 } as const;
export type RelationshipStatus = (typeof RelationshipStatus)[keyof typeof RelationshipStatus];

/** User.sexualOrientation; advanced search calls the same field `orient`. */
export const SexualOrientation = { STRAIGHT: 1, GAY: 2, BI: 3 } as const;
export type SexualOrientation = (typeof SexualOrientation)[keyof typeof SexualOrientation];

export const Gender = { MALE: 'm', FEMALE: 'f' } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** User.star: VIP perks go with 2 and 3 (isVipStar below). */
export const Star = { MOCO: 1, VIP: 2, BOTH: 3 } as const;
export type Star = (typeof Star)[keyof typeof Star];

export const isVipStar = (star: number | undefined): boolean => star === Star.VIP || star === Star.BOTH;

/** User.onlineSource: where the member is connected from. */
export const OnlineSource = {
  MOBILE: 'Mobile',
  WEB: 'Web',
  IPHONE_APP: 'iphoneApp',
  ANDROID_APP: 'androidApp',
} as const;
export type OnlineSource = (typeof OnlineSource)[keyof typeof OnlineSource];

/** User.video: whether a video call to this member can happen, and if not why. */
export const VideoStatus = {
  SUPPORTED: 0,
  USER_NOT_FOUND: 1,
  USER_NOT_SUPPORTED: 2,
  USER_DISABLED: 3,
  DEVICE_NOT_SUPPORTED: 4,
  FRIENDSHIP_REQUIRED: 5,
} as const;
export type VideoStatus = (typeof VideoStatus)[keyof typeof VideoStatus];

/**
 * User.tier from User.creds (docs/member-fields.md): the lowest creds of each tier, tier 0 first.
 * Creds are chat points plus love points plus one per ten profile views.
 */
export const TIER_CREDS = [0, 50, 250, 1000, 5000] as const;
export const tierOf = (creds: number): number => {
  let tier = 0;
  for (let i = 1; i < TIER_CREDS.length; i++) if (creds >= TIER_CREDS[i]) tier = i;
  return tier;
};

/** Chat points: one per public room line, at most this many a day (UTC). */
export const CHAT_POINTS_PER_DAY = 50;
/** Distinct members whose reports flag a member for admins (an admin's own flag shows to all). */
export const FLAG_REPORTERS = 3;

/**
 * A profile song and a profile video (docs/profile-media.md): a song is transcoded to AAC and
 * cut to SONG_MAX_SECONDS; a video goes through the stories' pipeline, cut to VIDEO_MAX_SECONDS.
 * Sources longer than ten minutes, or larger than the upload caps, are refused.
 */
export const ProfileMediaLimits = {
  SONG_MAX_SECONDS: 360,
  SONG_MAX_MB: 20,
  VIDEO_MAX_SECONDS: 60,
  VIDEO_MAX_MB: 100,
  SOURCE_MAX_SECONDS: 600,
} as const;
