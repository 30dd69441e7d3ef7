import { declareDialog } from '../../ui/dialog/dialogStore';

/** The push permission request (spec section 2): its own chunk, loaded when first offered. */
export const pushPermissionDialog = declareDialog<Record<string, never>>();
