// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api } from '@tertulia/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query';
import { fakeApi } from '../../testing/renderApp';
import { EMPTY_GAME_FORM, gameFormErrors, registerParams } from './adminForm';
import { RegisterForm } from './adminRoute';

const external = { ...EMPTY_GAME_FORM, name: 'Estudio', address: 'https://estudio.example.org/juego/' };

describe('the admins’ register-a-game form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks score range, rate, icon, play text and presence address', () => {
    expect(gameFormErrors(external)).toEqual({});
    expect(
      gameFormErrors({
        ...external,
        icon: 'javascript:alert(1)',
        playText: 'x'.repeat(21),
        scoreMin: '10',
        scoreMax: '5',
        scoresPerMinute: '0',
        presenceUrl: 'https://otro.example.org/p',
      }),
    ).toEqual({
      icon: 'games.admin.error.icon',
      playText: 'games.admin.error.playText',
      scoreMax: 'games.admin.error.scoreRange',
      scoresPerMinute: 'games.admin.error.rate',
      presenceUrl: 'games.admin.error.presenceOrigin',
    });
    expect(gameFormErrors({ ...external, scoreMin: '1.5', scoresPerMinute: '601' })).toEqual({
      scoreMin: 'games.admin.error.scoreWhole',
      scoresPerMinute: 'games.admin.error.rate',
    });
    expect(
      gameFormErrors({ ...external, address: 'example', presenceUrl: 'https://estudio.example.org/p' }),
    ).toEqual({ presenceUrl: 'games.admin.error.presenceExternal' });
  });

  it('sends every field the admin call takes', () => {
    expect(
      registerParams({
        ...external,
        icon: '/img/estudio.png',
        playText: 'Jugar ya',
        scoreMin: '-5',
        scoreMax: '900',
        scoresPerMinute: '12',
        dailyRewardCap: '20',
        presenceUrl: 'https://estudio.example.org/presence',
      }),
    ).toEqual({
      name: 'Estudio',
      kind: 'external',
      url: 'https://estudio.example.org/juego/',
      description: undefined,
      icon: '/img/estudio.png',
      playText: 'Jugar ya',
      scoreMin: -5,
      scoreMax: 900,
      scoresPerMinute: 12,
      credsIntegrated: true,
      dailyRewardCap: 20,
      presenceUrl: 'https://estudio.example.org/presence',
    });
  });

  it('shows each field’s error in Spanish and sends nothing until it is right', async () => {
    const calls = fakeApi({
      [api.gameAdmin.registerGame.path]: () => ({ status: 200, body: { AdminGame: [{ id: 3 }] } }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RegisterForm />
      </QueryClientProvider>,
    );
    const type = (testId: string, value: string) =>
      fireEvent.change(screen.getByTestId(testId), { target: { value } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Estudio' } });
    fireEvent.change(screen.getByLabelText(/Carpeta del juego/), {
      target: { value: 'https://estudio.example.org/juego/' },
    });
    type('game-form-scoreMin', '10');
    type('game-form-scoreMax', '5');
    type('game-form-presenceUrl', 'https://otro.example.org/p');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('La puntuación máxima no puede ser menor que la mínima.')).toBeTruthy();
    expect(
      screen.getByText('La dirección de presencia debe ser https:// y del mismo sitio que el juego.'),
    ).toBeTruthy();
    expect(screen.getByTestId('game-form-scoreMax').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path === api.gameAdmin.registerGame.path)).toHaveLength(0);

    type('game-form-scoreMax', '500');
    type('game-form-presenceUrl', 'https://estudio.example.org/p');
    type('game-form-playText', 'Dale');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(calls.some((c) => c.path === api.gameAdmin.registerGame.path)).toBe(true));
    const sent = calls.find((c) => c.path === api.gameAdmin.registerGame.path)!;
    const body = String(sent.init.body);
    for (const part of ['scoreMin', 'scoreMax', 'presenceUrl', 'playText']) expect(body).toContain(part);
    expect(await screen.findByText('Juego registrado')).toBeTruthy();
  });
});
