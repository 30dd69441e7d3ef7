import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { preferenceUseCases } from './preferences';
import { profileEdit } from './profile-edit';
import { profileMediaUseCases } from './profile-media';
import { PROFILE_MEDIA_JOBS, profileMediaJobHandler } from './profile-media-jobs';
import { relationshipUseCases } from './relationship';
import { searchUseCases } from './search';
import { peopleStore } from './store';
import { peopleUseCases } from './use-cases';
import { selfAnswer } from './user-view';

const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

export function peopleRoutes(deps: Deps) {
  const people = peopleUseCases(deps);
  const search = searchUseCases(deps, people);
  const store = peopleStore(deps.db);
  const relationships = relationshipUseCases(deps, store, people);
  const a = api.people;
  const preferences = preferenceUseCases(deps);
  const updateProfile = profileEdit(store, relationships);
  const media = profileMediaUseCases(deps, (self) => people.getUser(self, self.id));
  deps.video.queue.handle(PROFILE_MEDIA_JOBS.song, profileMediaJobHandler(deps, 'song'));
  deps.video.queue.handle(PROFILE_MEDIA_JOBS.video, profileMediaJobHandler(deps, 'video'));
  return [
    // The web app's check on every page load: a visitor is told "nobody" without an error.
    bind(api.user.getSessionUser, (_p, ctx) =>
      ctx.user ? selfAnswer(ctx.user, api.user.getSessionUser.result.name) : [],
    ),
    bind(api.premium.setOnlineStatus, (p, ctx) => people.setOnlineStatus(me(ctx), p.status, p.message)),
    bind(a.getUserById, (p, ctx) => people.getUser(me(ctx), p.userId)),
    bind(a.updateProfile, (p, ctx) => updateProfile(me(ctx), p)),
    bind(a.setProfileSong, (p, ctx) => media.setSong(me(ctx), p)),
    bind(a.removeProfileSong, (_p, ctx) => media.remove(me(ctx), 'song')),
    bind(a.setProfileVideo, (p, ctx) => media.setVideo(me(ctx), p)),
    bind(a.removeProfileVideo, (_p, ctx) => media.remove(me(ctx), 'video')),
    bind(a.getRelationshipRequests, (_p, ctx) => relationships.requests(me(ctx))),
    bind(a.answerRelationship, (p, ctx) => relationships.answer(me(ctx), p.userId, p.accept)),
    bind(a.setFont, (p, ctx) => people.setFont(me(ctx), p.font)),
    bind(api.settings.getPreferences, (_p, ctx) => preferences.get(me(ctx))),
    bind(api.settings.setPreferences, (p, ctx) => preferences.set(me(ctx), p)),
    bind(a.dismissTip, (p, ctx) => people.dismissTip(me(ctx), p.tipId)),
    bind(a.generateSecureLinkParam, (p, ctx) => people.secureLinkParam(me(ctx), p.salt)),
    bind(a.pledge, (_p, ctx) => people.pledge(me(ctx))),
    bind(a.updateProfileVisit, (p, ctx) => people.visit(me(ctx), p.profileOwnerId)),
    bind(a.getProfileVisitors, (p, ctx) => people.visitors(me(ctx), p.page ?? 1, p.limit ?? 20)),
    bind(a.findUsersByName, (p, ctx) => search.byName(me(ctx), p.name, p)),
    bind(a.findOnlineUsersByGender, (p, ctx) => search.onlineByGender(me(ctx), p.male, p)),
    bind(a.findUsersNearMe, (p, ctx) => search.nearMe(me(ctx), p)),
    bind(a.getRandomFriendRecommendations, (p, ctx) => search.recommendations(me(ctx), p.limit ?? 10)),
    bind(a.getAdvancedUserSearch, (p, ctx) => search.advanced(me(ctx), p)),
    bind(a.sendVerification, (_p, ctx) => people.sendVerification(me(ctx), origin(ctx.request), ctx.locale)),
    bind(a.verify, (p, ctx) => people.verify(ctx.user, p.token)),
    bind(a.reportUser, (p, ctx) => people.report(me(ctx), p)),
    bind(a.blockUser, (p, ctx) => people.block(me(ctx), p.userId)),
    bind(a.unblockUser, (p, ctx) => people.unblock(me(ctx), p.userId)),
    bind(a.getBlockedUsers, (p, ctx) => people.blockedUsers(me(ctx), p.page ?? 1, p.limit ?? 50)),
    bind(a.setMemberFlags, (p, ctx) => people.setFlags(me(ctx), p)),
  ];
}
