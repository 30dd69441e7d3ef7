import { declareDialog } from '../../ui/dialog/dialogStore';

/** The games dialogs: each its own chunk (bound in app/dialogs/registry.ts). */
export const reportGameDialog = declareDialog<{ gameName: string; gameId: number }>();
