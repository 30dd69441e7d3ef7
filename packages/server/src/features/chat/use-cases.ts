import type { Deps } from '../../deps';
import type { PeopleUseCases } from '../people/use-cases';
import { giftBoards } from '../rewards/boards';
import { roomAccess } from './access';
import { roomAnnouncer } from './announce';
import { entryView } from './entry-view';
import { ignoreUseCases } from './ignores';
import { inviteUseCases } from './invites';
import { leaderUseCases } from './leaders';
import { mediaLineUseCases } from './media-lines';
import { membershipUseCases } from './membership';
import { messageUseCases } from './messages';
import { moderationUseCases } from './moderation';
import { roomPruner } from './prune';
import { roomView } from './room-view';
import { roomUseCases } from './rooms';
import { settingsUseCases } from './settings';
import { staffUseCases } from './staff';

/** Chat: the calls of api.chat, assembled from its use cases, each given exactly what it uses. */
export function chatUseCases(deps: Deps, people: PeopleUseCases) {
  const { db, limiter, effects, presence, feedLog, unitOfWork } = deps;
  const access = roomAccess(db);
  const announce = roomAnnouncer(db, effects);
  const prune = roomPruner(db, presence, announce);
  const view = roomView(db);
  return {
    ...roomUseCases({ db, limiter, unitOfWork, people, access, view, prune }),
    ...membershipUseCases({ db, unitOfWork, people, access, view, prune, announce }),
    ...leaderUseCases({ db, people, access, giftBoards: giftBoards(deps, people) }),
    ...messageUseCases({
      db,
      limiter,
      unitOfWork,
      people,
      access,
      toEntries: entryView(db, people),
      feedLog,
    }),
    ...mediaLineUseCases({ db, access }),
    ...settingsUseCases({ db }),
    ...moderationUseCases({ db, unitOfWork, people, access, announce }),
    ...staffUseCases({ db, people, access }),
    ...ignoreUseCases({ db, people }),
    ...inviteUseCases({ db, limiter, unitOfWork, access }),
  };
}

export type ChatUseCases = ReturnType<typeof chatUseCases>;
