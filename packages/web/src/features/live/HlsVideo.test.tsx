// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HlsVideo } from './HlsVideo';

describe('the live player', () => {
  afterEach(cleanup);

  it('asks the page whether the broadcast is over when the stream ends, at most once every 5 s', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      const onStop = vi.fn();
      render(<HlsVideo src="/media/live/abc/index.m3u8" muted label="El directo de Ana" onStop={onStop} />);
      const video = screen.getByTestId('live-video');
      fireEvent(video, new Event('ended'));
      expect(onStop).toHaveBeenCalledTimes(1);
      fireEvent(video, new Event('ended'));
      expect(onStop).toHaveBeenCalledTimes(1);
      vi.setSystemTime(1_000_000 + 5_001);
      fireEvent(video, new Event('ended'));
      expect(onStop).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
