import { Button } from '../Button';
import styles from './Dialog.module.css';
import { DialogFrame } from './DialogFrame';
import type { DialogComponentProps } from './dialogStore';

export interface ConfirmProps {
  title: string;
  body: string;
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  onCancel?: () => void;
}

export default function ConfirmDialog(props: DialogComponentProps<ConfirmProps>) {
  const { dialog } = props;
  return (
    <DialogFrame title={props.title} dialog={dialog} role="alertdialog" onDismiss={props.onCancel}>
      <p>{props.body}</p>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          onClick={() => {
            props.onCancel?.();
            dialog.close();
          }}
        >
          {props.cancelText}
        </Button>
        <Button
          autoFocus
          onClick={() => {
            dialog.close();
            props.onConfirm();
          }}
        >
          {props.confirmText}
        </Button>
      </div>
    </DialogFrame>
  );
}
