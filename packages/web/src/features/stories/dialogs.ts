import type { StoryRef } from '../../api/areas/story';
import { declareDialog, openDialog } from '../../ui/dialog/dialogStore';

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

/**
 * Plays stories; a member who has not completed the story tutorial meets it first (spec: "shown
 * first until completed"), and the stories play once it is done (story/completedTutorial.do).
 * `tutorialCompleted` undefined (settings not loaded) plays at once rather than holding a story back.
 */
export function openStoryViewer(props: StoryViewerProps, tutorialCompleted: boolean | undefined) {
  if (tutorialCompleted === false)
    openDialog(storyTutorialDialog, { onDone: () => openDialog(storyViewerDialog, props) });
  else openDialog(storyViewerDialog, props);
}
export const storyViewersDialog = declareDialog<{ story: StoryRef }>();
export const storyReportDialog = declareDialog<{ story: StoryRef }>();
