import type { StoryRef } from '../../api/areas/story';
import { declareDialog } from '../../ui/dialog/dialogStore';

/** The story dialogs: each its own chunk (bound in app/dialogs/registry.ts). */

export interface StoryViewerProps {
  /** The strip's authors in order: the viewer moves on to the next one's stories. */
  authorIds: number[];
  startAuthor: number;
  /** A shared link's story: the viewer opens at it when it is still up. */
  startStory?: number;
}
export const storyViewerDialog = declareDialog<StoryViewerProps>();

export const storyUploadDialog = declareDialog<Record<string, never>>();
export const storyTutorialDialog = declareDialog<{ onDone?: () => void }>();
export const storyViewersDialog = declareDialog<{ story: StoryRef }>();
export const storyReportDialog = declareDialog<{ story: StoryRef }>();
