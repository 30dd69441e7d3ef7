import { errorKindOf } from '@tertulia/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFrom, NETWORK_ERROR } from '../../api/errors';
import { errorText, handleError, VERIFY_PATH } from './handleError';

const DEFAULT = 'Hubo un problema. Se lo comunicamos al equipo de asistencia técnica. Vuelve a intentarlo.';

function deps() {
  return { toast: { error: vi.fn() }, confirm: vi.fn(), navigate: vi.fn() };
}

describe('error handling', () => {
  it('the type is the first key ending in Exception', () => {
    const body = { message: 'No', ApiForbiddenException: { reason: 'blocked' }, OtherException: {} };
    expect(errorKindOf(body)).toBe('ApiForbiddenException');
    const error = apiErrorFrom(403, body);
    expect(error).toMatchObject({
      status: 403,
      kind: 'ApiForbiddenException',
      message: 'No',
      details: { reason: 'blocked' },
    });
  });

  it('uses the server message, else the default text', () => {
    expect(
      errorText(
        apiErrorFrom(400, { message: 'Nombre no válido', ApiValidationException: { field: 'name' } }),
      ),
    ).toBe('Nombre no válido');
    expect(errorText(apiErrorFrom(500, undefined))).toBe(DEFAULT);
    expect(errorText(new TypeError('boom'))).toBe(DEFAULT);
    expect(errorText(new ApiError(0, NETWORK_ERROR, ''))).toBe(
      'No hay conexión. Revisa tu red y vuelve a intentarlo.',
    );
  });

  it('verification required opens a confirm leading to the verification page', () => {
    const d = deps();
    handleError(apiErrorFrom(403, { message: '', ApiVerificationRequiredException: {} }), d);
    expect(d.toast.error).not.toHaveBeenCalled();
    expect(d.confirm).toHaveBeenCalledTimes(1);
    const props = d.confirm.mock.calls[0][0];
    expect(props.confirmText).toBe('Verificar ahora');
    expect(props.cancelText).toBe('Tal vez más tarde');
    expect(d.navigate).not.toHaveBeenCalled();
    props.onConfirm();
    expect(d.navigate).toHaveBeenCalledWith(VERIFY_PATH);
    expect(VERIFY_PATH).toBe('/link/profile-verify.jsp');
  });

  it('other errors become error toasts', () => {
    const d = deps();
    handleError(apiErrorFrom(429, { message: 'Demasiados intentos', ApiRateLimitException: {} }), d);
    handleError(apiErrorFrom(500, {}), d);
    expect(d.toast.error.mock.calls).toEqual([['Demasiados intentos'], [DEFAULT]]);
    expect(d.confirm).not.toHaveBeenCalled();
  });

  it('login required without a message says "Inicia sesión para continuar"', () => {
    const d = deps();
    handleError(apiErrorFrom(401, { ApiLoginRequiredException: {} }), d);
    expect(d.toast.error).toHaveBeenCalledWith('Inicia sesión para continuar');
  });
});
