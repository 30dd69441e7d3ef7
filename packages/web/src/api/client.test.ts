import { api } from '@tertulia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callOne, requestFor } from './client';
import { ApiError, NETWORK_ERROR } from './errors';

function respond(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('typed API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GET puts params in the query string of the contract path, skipping undefined', () => {
    const { url, init } = requestFor(api.profile.getAvailableUserNames, {
      takenUserName: 'ana maría',
      birthdayYear: 1990,
      password: undefined,
    });
    expect(url).toBe(
      `${api.profile.getAvailableUserNames.path}?takenUserName=ana+mar%C3%ADa&birthdayYear=1990`,
    );
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('POST sends JSON', () => {
    const { url, init } = requestFor(api.profile.login, { name: 'ana', password: 'x', rememberMe: true });
    expect(url).toBe(api.profile.login.path);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'ana', password: 'x', rememberMe: true });
  });

  it('POST with a Blob parameter switches to multipart', () => {
    const image = new Blob(['jpeg'], { type: 'image/jpeg' });
    const { init } = requestFor(api.premium.setOnlineStatus, { status: 2, image } as never);
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect(form.get('status')).toBe('2');
    expect(form.get('image')).toBeInstanceOf(Blob);
    // The browser sets the multipart boundary itself.
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('returns the list under the envelope key of the endpoint', async () => {
    const fetch = respond(200, { User: [{ uid: 7, name: 'ana' }] });
    expect(await callOne(api.user.getLoggedInUser)).toEqual({ uid: 7, name: 'ana' });
    expect(fetch.mock.calls[0][0]).toBe(api.user.getLoggedInUser.path);
    expect(fetch.mock.calls[0][1].credentials).toBe('same-origin');
    respond(200, { String: ['ana1', 'ana2'] });
    expect(await call(api.profile.getAvailableUserNames, { takenUserName: 'ana' })).toEqual(['ana1', 'ana2']);
  });

  it('turns the error envelope into an ApiError', async () => {
    respond(401, { message: 'Inicia sesión para continuar', ApiLoginRequiredException: {} });
    const error = await call(api.user.getLoggedInUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      kind: 'ApiLoginRequiredException',
      message: 'Inicia sesión para continuar',
    });
  });

  it('a body without the expected key is an internal error, not undefined data', async () => {
    respond(200, { Boolean: [true] });
    await expect(call(api.user.getLoggedInUser)).rejects.toMatchObject({ kind: 'ApiInternalException' });
  });

  it('a non-JSON failure still yields an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(call(api.user.getLoggedInUser)).rejects.toMatchObject({
      status: 502,
      kind: 'ApiInternalException',
      message: '',
    });
  });

  it('no answer at all is a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(api.user.getLoggedInUser)).rejects.toMatchObject({ status: 0, kind: NETWORK_ERROR });
  });
});
