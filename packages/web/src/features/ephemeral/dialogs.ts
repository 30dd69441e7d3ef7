import type { EphemeralRef, EphemeralWhere } from '../../api/areas/ephemeral';
import { declareDialog } from '../../ui/dialog/dialogStore';

/** The view-once dialogs: each its own chunk (bound in app/dialogs/registry.ts). */
export const ephemeralUploadDialog = declareDialog<{ where: EphemeralWhere }>();
export const ephemeralViewerDialog = declareDialog<{ item: EphemeralRef }>();
export const ephemeralGagDialog = declareDialog<{ until: number }>();
export const ephemeralFallbackDialog = declareDialog<Record<string, never>>();
