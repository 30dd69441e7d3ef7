import { t } from '../../i18n/i18n';
import { Store } from '../store';

export type ToastKind =
  | 'error'
  | 'warning'
  | 'success'
  | 'notice'
  | 'loveReceived'
  | 'loveEarned'
  | 'progress';

/** Toasts close after 5000 ms unless told otherwise. */
export const TOAST_DEFAULT_MS = 5000;

export interface ToastOptions {
  /** Milliseconds before closing by itself; `null` keeps it until closed. */
  duration?: number | null;
  /** A critical toast clears the queue and shows at once. */
  critical?: boolean;
  onClick?: () => void;
  /** An in-app path to open when the toast is clicked. */
  href?: string;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  duration: number | null;
  critical: boolean;
  percent?: number;
  onClick?: () => void;
  href?: string;
}

export interface ToastState {
  current: Toast | null;
  queue: readonly Toast[];
}

export interface ProgressHandle {
  id: number;
  update(percent: number): void;
  close(): void;
}

/** One toast at a time from a FIFO queue. */
export class ToastQueue extends Store<ToastState> {
  private nextId = 1;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super({ current: null, queue: [] });
  }

  show(kind: ToastKind, text: string, options: ToastOptions = {}): number {
    const toast: Toast = {
      id: this.nextId++,
      kind,
      text,
      // Progress toasts wait for their work to finish: no timeout.
      duration:
        kind === 'progress' ? null : options.duration === undefined ? TOAST_DEFAULT_MS : options.duration,
      critical: options.critical ?? false,
      onClick: options.onClick,
      href: options.href,
      percent: kind === 'progress' ? 0 : undefined,
    };
    if (toast.critical) {
      this.activate(toast, []);
    } else if (!this.state.current) {
      this.activate(toast, this.state.queue);
    } else {
      this.setState({ ...this.state, queue: [...this.state.queue, toast] });
    }
    return toast.id;
  }

  error = (text: string, options?: ToastOptions) => this.show('error', text, options);
  warning = (text: string, options?: ToastOptions) => this.show('warning', text, options);
  success = (text: string, options?: ToastOptions) => this.show('success', text, options);
  notice = (text: string, options?: ToastOptions) => this.show('notice', text, options);
  loveReceived = (text: string, options?: ToastOptions) => this.show('loveReceived', text, options);
  loveEarned = (text: string, options?: ToastOptions) => this.show('loveEarned', text, options);

  progress(text: string, options: Omit<ToastOptions, 'duration'> = {}): ProgressHandle {
    const id = this.show('progress', text, options);
    return { id, update: (percent) => this.setPercent(id, percent), close: () => this.close(id) };
  }

  /** Close button, timeout or programmatic close; the next queued toast follows. */
  close(id: number): void {
    if (this.state.current?.id === id) {
      const [next, ...rest] = this.state.queue;
      this.activate(next ?? null, rest);
    } else if (this.state.queue.some((toast) => toast.id === id)) {
      this.setState({ ...this.state, queue: this.state.queue.filter((toast) => toast.id !== id) });
    }
  }

  /** A click on the toast body runs its action and closes it. */
  click(id: number): void {
    const toast = this.state.current;
    if (toast?.id !== id) return;
    this.close(id);
    toast.onClick?.();
  }

  clear(): void {
    this.activate(null, []);
  }

  private setPercent(id: number, percent: number): void {
    const clamp = Math.max(0, Math.min(100, Math.round(percent)));
    const patch = (toast: Toast) => (toast.id === id ? { ...toast, percent: clamp } : toast);
    const current = this.state.current && patch(this.state.current);
    this.setState({ current, queue: this.state.queue.map(patch) });
  }

  private activate(toast: Toast | null, queue: readonly Toast[]): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (toast && toast.duration !== null) {
      const { id } = toast;
      this.timer = setTimeout(() => this.close(id), toast.duration);
    }
    this.setState({ current: toast, queue });
  }
}

/** The label a toast shows: a progress toast at 100 percent reads "Procesando". */
export function toastLabel(toast: Toast): string {
  if (toast.kind === 'progress' && (toast.percent ?? 0) >= 100) return t('toast.processing');
  return toast.text;
}

export const toast = new ToastQueue();
