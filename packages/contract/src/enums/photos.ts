/** Enumerations: Photos. */
export const PhotoPrivacy = { PUBLIC: 1, FRIENDS: 2, PRIVATE: 3 } as const;
export type PhotoPrivacy = (typeof PhotoPrivacy)[keyof typeof PhotoPrivacy];

export const PhotoLimits = {
  ALBUM_NAME_MAX: 60,
  CAPTION_MAX: 500,
  /** Photos per album page (the grid loads more as it scrolls). */
  PAGE: 24,
  FILES_PER_UPLOAD: 10,
  POSITION_MAX: 100_000,
  /** An album holding a photo newer than this many days shows as new (containsNewPhoto). */
  NEW_DAYS: 7,
} as const;

/** Image widths the app asks the image service for (spec: 150 attachments, 300 ephemeral). */
export const PhotoSizes = { ATTACHMENT: 150, CARD: 220, EPHEMERAL: 300, GRID: 300, FULL: 1200 } as const;
export const EPHEMERAL_BLUR = 50;
