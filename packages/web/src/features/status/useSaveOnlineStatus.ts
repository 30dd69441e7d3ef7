import { useSetOnlineStatus } from '../../api/areas/premium';
import { t } from '../../i18n/i18n';
import { toast } from '../../ui/toast/toastStore';

/** Sets the online status (and its message), then says it was saved. */
export function useSaveOnlineStatus() {
  return useSetOnlineStatus({ onSaved: () => toast.success(t('status.saved')) });
}
