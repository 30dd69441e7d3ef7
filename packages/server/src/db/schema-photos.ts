/** Tables: Albums and photos (docs/photos.md). */
import type { Generated } from 'kysely';

export interface AlbumsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** 'profile' or 'default' for the albums made on demand; null for the member's own. */
  kind: string | null;
  privacy: Generated<number>;
  created_at: number;
  /** The owner's order of their albums (ascending, then id). */
  position: Generated<number>;
}

export interface PhotosTable {
  id: Generated<number>;
  owner_id: number;
  author_id: number;
  album_id: number;
  /** The media key of the stored original (see media/keys.ts). */
  image_key: string;
  width: number;
  height: number;
  caption: string | null;
  /** 1 public, 2 friends, 3 private. */
  privacy: Generated<number>;
  created_at: number;
  /** The owner's order within the album (ascending, then newest first). */
  position: Generated<number>;
  /** 1: in the owner's backstage album (owner and unlocked members only). */
  backstage: Generated<number>;
  /** 1: shown only to members who opted in to NSFW content. */
  nsfw: Generated<number>;
  /** 1: an admin hid it from everyone but its owner. */
  quarantine: Generated<number>;
  /** 1: an admin looked at it and approved it (image1Approved). */
  approved: Generated<number>;
  admin_flagged: Generated<number>;
  shareable: Generated<number>;
  download_permitted: Generated<number>;
}

/** A member an owner unlocked their backstage photos for. */
export interface BackstageUnlocksTable {
  owner_id: number;
  member_id: number;
  created_at: number;
}

export interface PhotosTables {
  albums: AlbumsTable;
  photos: PhotosTable;
  backstage_unlocks: BackstageUnlocksTable;
}
