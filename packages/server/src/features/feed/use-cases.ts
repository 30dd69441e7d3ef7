import type { FeedEvent } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { photoAttacher } from '../../media/attach';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { notificationUseCases } from '../notifications/notices';
import type { PeopleUseCases } from '../people/use-cases';
import { commentUseCases } from './comments';
import { announcer } from './events';
import { guestbookUseCases } from './guestbook';
import { imageSaver, writeLimit } from './inputs';
import { likeUseCases } from './likes';
import { friendsPageCache } from './page-cache';
import { pageUseCases } from './pages';
import { feedPresenter } from './present-events';
import { profileAccess } from './profile-access';
import { settingsUseCases } from './settings';
import { statusUseCases } from './status';

/** Assembles the feed's use cases for routes.ts; each gets only what it uses. */
export function feedUseCases(
  deps: Deps,
  people: PeopleUseCases,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  const { db, unitOfWork } = deps;
  const present = feedPresenter(db, people);
  const notices = notificationUseCases(deps);
  const pages = friendsPageCache(db);
  const limit = writeLimit(deps.limiter);
  const saveImage = imageSaver(media);
  const attachPhoto = photoAttacher(db, media);
  const announce = announcer(deps);
  const profileFor = profileAccess(db, people);

  return {
    ...pageUseCases({ db, present, pages, profileFor }),
    ...statusUseCases({ unitOfWork, limit, saveImage, attachPhoto, announce }),
    ...settingsUseCases({ db, notices }),
    ...likeUseCases({ db, unitOfWork, people, notices }),
    ...commentUseCases({ db, unitOfWork, present, notices, limit, saveImage, attachPhoto }),
    ...guestbookUseCases({
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
    /** The ready JSON body for a page the friends page cache returned (routes.ts sends it as is). */
    pageBody: (events: FeedEvent[], name: string) => pages.body(events, name),
  };
}

export type FeedUseCases = ReturnType<typeof feedUseCases>;
