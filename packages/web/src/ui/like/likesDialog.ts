import type { LikeParams } from '../../api/areas/feed';
import { declareDialog } from '../dialog/dialogStore';

/**
 * Who liked a post, photo or story: any feature with likes opens it (bound to its chunk in
 * app/dialogs/registry.ts).
 */
export interface LikesDialogProps {
  item: Omit<LikeParams, 'content'>;
}
export const likesDialog = declareDialog<LikesDialogProps>();
