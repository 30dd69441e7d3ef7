import type { Deps } from '../../deps';
import type { PeopleService } from '../people/service';
import { giftBoards } from '../rewards/boards';
import { roomAccess } from './access';
import { roomAnnouncer } from './announce';
import { entryView } from './entry-view';
import { ignoreCalls } from './ignores';
import { inviteCalls } from './invites';
import { leaderCalls } from './leaders';
import { mediaLineCalls } from './media-lines';
import { membershipCalls } from './membership';
import { messageCalls } from './messages';
import { moderationCalls } from './moderation';
import { roomPruner } from './prune';
import { roomView } from './room-view';
import { roomCalls } from './rooms';
import { settingsCalls } from './settings';
import { staffCalls } from './staff';

/** Chat: the calls of api.chat, assembled from its use cases, each given exactly what it uses. */
export function chatService(deps: Deps, people: PeopleService) {
  const { db, limiter, effects, presence, feedLog, unitOfWork } = deps;
  const access = roomAccess(db);
  const announce = roomAnnouncer(db, effects);
  const prune = roomPruner(db, presence, announce);
  const view = roomView(db);
  return {
    ...roomCalls({ db, limiter, unitOfWork, people, access, view, prune }),
    ...membershipCalls({ db, people, access, view, prune, announce }),
    ...leaderCalls({ db, people, access, giftBoards: giftBoards(deps, people) }),
    ...messageCalls({ db, limiter, unitOfWork, people, access, toEntries: entryView(db, people), feedLog }),
    ...mediaLineCalls({ db, access }),
    ...settingsCalls({ db }),
    ...moderationCalls({ db, unitOfWork, people, access, announce }),
    ...staffCalls({ db, people, access }),
    ...ignoreCalls({ db, people }),
    ...inviteCalls({ db, limiter, unitOfWork, access }),
  };
}

export type ChatService = ReturnType<typeof chatService>;
