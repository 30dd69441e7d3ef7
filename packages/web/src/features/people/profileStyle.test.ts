import { QueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ font: [] as unknown[], background: [] as unknown[] }));
vi.mock('../../api/areas/people', () => ({
  setFont: async (p: unknown) => void calls.font.push(p),
  setBackgroundPhoto: async (p: unknown) => void calls.background.push(p),
  userKey: (uid: number) => ['user', uid],
}));
vi.mock('../../api/areas/user', () => ({ sessionKey: ['session'] }));

const { profileFont, saveProfileStyle, styleFromUser } = await import('./ProfileStyleFields');

const user = { uid: 3, font: 'Georgia', bgStyle: 'cover', bgPhotoId: 40, bgImage: 'k.jpg' } as User;

describe('profile style', () => {
  beforeEach(() => {
    calls.font.length = 0;
    calls.background.length = 0;
  });

  it('draws only the fonts the app offers', () => {
    expect(profileFont({ font: 'Georgia' })).toBe('Georgia');
    expect(profileFont({ font: 'x; background: red' })).toBeUndefined();
    expect(profileFont({})).toBeUndefined();
  });

  it('sends nothing when nothing changed', async () => {
    expect(await saveProfileStyle(user, styleFromUser(user), new QueryClient())).toBe(false);
    expect(calls).toEqual({ font: [], background: [] });
  });

  it('a new font, then the repeat of the same background photo', async () => {
    const changed = await saveProfileStyle(
      user,
      { font: 'Verdana', repeat: true, removeBackground: false },
      new QueryClient(),
    );
    expect(changed).toBe(true);
    expect(calls.font).toEqual([{ font: 'Verdana' }]);
    expect(calls.background).toEqual([{ photo: 40, repeat: true }]);
  });

  it('removing the background sends photo 0; without a known photo nothing is sent for it', async () => {
    await saveProfileStyle(user, { ...styleFromUser(user), removeBackground: true }, new QueryClient());
    expect(calls.background).toEqual([{ photo: 0 }]);
    calls.background.length = 0;
    await saveProfileStyle(
      { ...user, bgPhotoId: undefined },
      { ...styleFromUser(user), repeat: true },
      new QueryClient(),
    );
    expect(calls.background).toEqual([]);
  });
});
