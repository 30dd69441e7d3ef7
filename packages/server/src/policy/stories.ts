/**
 * Who may watch a member's stories (docs/stories.md). Stories are for the author's friends and
 * for members who follow the author by visiting their profile; a story page opened directly
 * follows the same rule as a profile: the author always; nobody across a block (either way)
 * or of a banned author; only friends when the author keeps a private profile; otherwise any
 * member (anonymous visitors never reach this: the story calls need login).
 */
export interface StoryTies {
  isAuthor: boolean;
  blocked: boolean;
  isFriend: boolean;
  authorPrivate: boolean;
  authorBanned: boolean;
}

export function maySeeStories(t: StoryTies): boolean {
  if (t.isAuthor) return true;
  if (t.blocked || t.authorBanned) return false;
  return t.isFriend || !t.authorPrivate;
}

/** Only the author sees who watched a story. */
export const maySeeViewers = (viewerId: number, authorId: number) => viewerId === authorId;

/** The author deletes their story; an admin removes a reported one. */
export const mayDeleteStory = (viewer: { id: number; is_admin: number }, authorId: number) =>
  viewer.id === authorId || viewer.is_admin === 1;

/** Adult-flagged stories show only to members who allowed them (and to their author). */
export const mayShowNsfw = (isAuthor: boolean, nsfw: boolean, allowed: boolean) =>
  isAuthor || !nsfw || allowed;
