import type { ConfirmProps } from './ConfirmDialog';
import { defineDialog, openDialog } from './dialogStore';

/** The confirm dialog is its own chunk like every dialog; only this tiny opener ships up front. */
export const confirmDialog = defineDialog<ConfirmProps>(() => import('./ConfirmDialog'));

export function confirm(props: ConfirmProps): number {
  return openDialog(confirmDialog, props);
}
