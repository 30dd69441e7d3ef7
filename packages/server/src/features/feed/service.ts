import type { FeedEvent } from '@tertulia/contract';
import type { Deps } from '../../deps';
import type { UserRow } from '../../http/context';
import { photoAttacher } from '../../media/attach';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { notificationService } from '../notifications/notices';
import type { PeopleService } from '../people/service';
import { commentCalls } from './comments';
import { announcer } from './events';
import { guestbookCalls } from './guestbook';
import { imageSaver, type Page, pageOf, writeLimit } from './inputs';
import { likeCalls } from './likes';
import { friendsPageCache } from './page-cache';
import { pageCalls } from './pages';
import { feedPresenter } from './present-events';
import { profileAccess } from './profile-access';
import { settingsCalls } from './settings';
import { statusCalls } from './status';

/** Assembles the feed's use cases for routes.ts; each gets only what it uses. */
export function feedService(
  deps: Deps,
  people: PeopleService,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const { db, unitOfWork } = deps;
  const present = feedPresenter(db, people);
  const notices = notificationService(deps);
  const pages = friendsPageCache(db);
  const limit = writeLimit(deps.limiter);
  const saveImage = imageSaver(media);
  const attachPhoto = photoAttacher(db, media);
  const announce = announcer(deps);
  const profileFor = profileAccess(db, people);

  return {
    ...pageCalls({ db, present, pages, profileFor }),
    ...statusCalls({ unitOfWork, limit, saveImage, attachPhoto, announce }),
    ...settingsCalls({ db, notices }),
    ...likeCalls({ db, unitOfWork, people, notices }),
    ...commentCalls({ db, unitOfWork, present, notices, limit, saveImage, attachPhoto }),
    ...guestbookCalls({
      db,
      unitOfWork,
      people,
      notices,
      limit,
      saveImage,
      attachPhoto,
      announce,
      profileFor,
    }),
    notices,
    /** The ready JSON body for a page the friends page cache returned (routes.ts sends it as is). */
    pageBody: (events: FeedEvent[], name: string) => pages.body(events, name),
    notifications: (viewer: UserRow, p: Page & { unreadOnly?: boolean }) =>
      notices.list(viewer, { ...pageOf(p, 20), unreadOnly: p.unreadOnly }, people.present),
  };
}

export type FeedService = ReturnType<typeof feedService>;
