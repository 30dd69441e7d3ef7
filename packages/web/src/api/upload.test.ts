import { api } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { uploadWithProgress } from './upload';

/** Just enough XMLHttpRequest to drive the upload: progress events, then an answer. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const image = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

describe('uploadWithProgress', () => {
  it('posts multipart to the contract path, reports percent then 100, and reads the envelope', async () => {
    const xhr = new FakeXhr();
    const seen: number[] = [];
    const done = uploadWithProgress(
      api.album.uploadPhoto,
      { image, setProfilePic: true },
      (p) => seen.push(p),
      {
        xhr: () => xhr as unknown as XMLHttpRequest,
      },
    );
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', api.album.uploadPhoto.path, true]);
    const form = xhr.body as FormData;
    expect(form.get('setProfilePic')).toBe('true');
    expect(form.get('image')).toBeInstanceOf(Blob);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(200, { Photo: [{ uid: 5, image1: '/media/img/a.jpg' }] });
    expect(await done).toEqual([{ uid: 5, image1: '/media/img/a.jpg' }]);
    expect(seen).toEqual([25, 100, 100]);
  });

  it('an error envelope becomes an ApiError with the server text', async () => {
    const xhr = new FakeXhr();
    const done = uploadWithProgress(api.album.uploadPhoto, { image }, () => undefined, {
      xhr: () => xhr as unknown as XMLHttpRequest,
    });
    xhr.answer(400, { message: 'Ese archivo no es una imagen', ApiValidationException: { field: 'image' } });
    const error = await done.catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.kind, error.message]).toEqual([
      400,
      'ApiValidationException',
      'Ese archivo no es una imagen',
    ]);
  });

  it('a network failure is the network error', async () => {
    const xhr = new FakeXhr();
    const done = uploadWithProgress(api.album.uploadPhoto, { image }, () => undefined, {
      xhr: () => xhr as unknown as XMLHttpRequest,
    });
    xhr.onerror?.();
    expect((await done.catch((e) => e)).kind).toBe('NetworkException');
  });
});
