import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { bind } from '../../http/contract-routes';
import { manageUseCases } from './manage';
import { STORY_JOB, storyJobHandler } from './process';
import { uploadStory } from './upload';
import { watchUseCases } from './watch';

export function storyRoutes(deps: Deps) {
  deps.video.queue.handle(STORY_JOB, storyJobHandler(deps));
  const watch = watchUseCases(deps);
  const manage = manageUseCases(deps, watch);
  return [
    bind(api.story.uploadStory, (p, ctx) => uploadStory(deps, p, ctx)),
    bind(api.story.getAllStories, (p, ctx) => watch.all(p, ctx)),
    bind(api.story.getUserStories, (p, ctx) => watch.ofUser(p, ctx)),
    bind(api.story.getStory, (p, ctx) => watch.one(p, ctx)),
    bind(api.story.getWaitTime, (_p, ctx) => manage.waitTime(ctx)),
    bind(api.story.getViewers, (p, ctx) => watch.viewers(p, ctx)),
    bind(api.story.deleteStory, (p, ctx) => manage.remove(p, ctx)),
    bind(api.story.registerView, (p, ctx) => watch.registerView(p, ctx)),
    bind(api.story.reportStory, (p, ctx) => manage.report(p, ctx)),
    bind(api.story.completedTutorial, (_p, ctx) => manage.completedTutorial(ctx)),
    bind(api.story.allowNSFW, (p, ctx) => manage.allowNsfw(p, ctx)),
    bind(api.story.getStorySettings, (_p, ctx) => manage.settings(ctx)),
  ];
}
