import { defineDialog } from '../../ui/dialog/dialogStore';
import type { StatusMessageProps } from './StatusMessageDialog';

export const statusMessageDialog = defineDialog<StatusMessageProps>(() => import('./StatusMessageDialog'));
