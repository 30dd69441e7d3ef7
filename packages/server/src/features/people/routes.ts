import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';

export function peopleRoutes(deps: Deps) {
  return [
    // 0 online, 1 invisible, 2 busy; the message shows beside the status.
    bind(api.premium.setOnlineStatus, async (p, ctx) => {
      await deps.db
        .updateTable('users')
        .set({ online_status: p.status, online_message: p.message?.trim() || null })
        .where('id', '=', me(ctx).id)
        .execute();
      return true;
    }),
  ];
}
