import { describe, expect, it } from 'vitest';
import { pushDispatcher } from '../../api/dispatcher';
import { toast } from '../../ui/toast/toastStore';
import './setup';

describe('a game invitation on any page', () => {
  it('is a notice with the friend, the game and their words, opening the game', () => {
    pushDispatcher.dispatch({
      type: 'gameInvite',
      gameId: 1,
      gameName: 'Toca rápido',
      sender: { uid: 9, name: 'leo' },
      url: '/games?gid=1',
      message: '¡A ver si me ganas!',
    });
    const shown = toast.getState().current ?? toast.getState().queue.at(-1);
    expect(shown).toMatchObject({
      kind: 'notice',
      text: 'leo te invita a jugar a Toca rápido: ¡A ver si me ganas!',
      href: '/games?gid=1',
    });
  });
});
