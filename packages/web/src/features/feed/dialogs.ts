import { declareDialog } from '../../ui/dialog/dialogStore';

/** The feed's dialogs: each its own chunk (bound in app/dialogs/registry.ts), loaded the first time it opens. */

export interface PostDialogProps {
  /** The new-post dialog asks for a photo; the status dialog is text first. */
  photo?: boolean;
  /** Shared to the installed app from another app (the manifest's share target). */
  initialFile?: File;
  initialText?: string;
}
export const statusDialog = declareDialog<PostDialogProps>();
export const newPostDialog = statusDialog;
