import { ApiError, isApiError, NETWORK_ERROR } from '../../api/errors';
import { t } from '../../i18n/i18n';
import { confirm as openConfirm } from '../dialog/confirm';
import { navigateTo } from '../navigation';
import { toast } from '../toast/toastStore';

/** Where "Verificar ahora" leads. */
export const VERIFY_PATH = '/link/profile-verify.jsp';

/** The server's message in the member's language, else the default text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.kind === NETWORK_ERROR) return t('error.network');
  }
  return t('error.default');
}

export interface ErrorDeps {
  toast: Pick<typeof toast, 'error'>;
  confirm: typeof openConfirm;
  navigate: (href: string) => void;
}

const defaults: ErrorDeps = { toast, confirm: openConfirm, navigate: navigateTo };

/** Verification-required asks to verify; every other error is an error toast. */
export function handleError(error: unknown, deps: ErrorDeps = defaults): void {
  if (isApiError(error, 'ApiVerificationRequiredException')) {
    deps.confirm({
      title: t('verify.title'),
      body: error.message || t('verify.body'),
      confirmText: t('verify.now'),
      cancelText: t('verify.later'),
      onConfirm: () => deps.navigate(VERIFY_PATH),
    });
    return;
  }
  if (isApiError(error, 'ApiLoginRequiredException') && !error.message) {
    deps.toast.error(t('home.mustBeLoggedIn'));
    return;
  }
  deps.toast.error(errorText(error));
}
