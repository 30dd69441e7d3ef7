import type { Story } from '@tertulia/contract';
import { useEffect, useRef, useState } from 'react';
import { registerStoryView } from '../../api/areas/story';
import { FALLBACK_STORY_MS } from './rules';

/**
 * The playing story's video: progress, pause, mute. Each story counts as watched once it starts
 * (the server counts a member once; one's own never); a video that never reports its length
 * still moves on after FALLBACK_STORY_MS.
 */
export function useStoryPlayback(story: Story | undefined, me: number | undefined, next: () => void) {
  const [progress, setProgress] = useState(0);
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(true);
  const video = useRef<HTMLVideoElement>(null);
  const seen = useRef(new Set<number>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per story shown
  useEffect(() => {
    setProgress(0);
    setPaused(false);
    const author = story?.authorUser?.uid;
    if (!story || author === undefined || author === me || seen.current.has(story.uid)) return;
    seen.current.add(story.uid);
    void registerStoryView({ storyId: story.uid, authorUserId: author }).catch(() => {});
  }, [story?.uid]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new story's element starts playing too
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (paused) el.pause();
    else void el.play().catch(() => {});
  }, [paused, story?.uid]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts per story and pause
  useEffect(() => {
    if (!story || paused) return;
    const timer = setTimeout(() => {
      if (!video.current?.duration) next();
    }, FALLBACK_STORY_MS);
    return () => clearTimeout(timer);
  }, [story?.uid, paused]);

  const onTimeUpdate = (el: HTMLVideoElement) => {
    if (el.duration) setProgress(el.currentTime / el.duration);
  };
  return { video, progress, paused, setPaused, muted, setMuted, onTimeUpdate };
}
