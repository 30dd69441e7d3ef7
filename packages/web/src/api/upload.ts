import type { Endpoint, ParamsOf, ResultOf } from '@tertulia/contract';
import { requestFor, resultsOf } from './client';
import { ApiError, NETWORK_ERROR } from './errors';

/**
 * A multipart call through XMLHttpRequest: fetch cannot report upload progress, and our
 * progress toast shows the percent sent. Same envelope and errors as `call`.
 */
export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  onProgress: (percent: number) => void,
  options: { signal?: AbortSignal; xhr?: () => XMLHttpRequest } = {},
): Promise<ResultOf<E>[]> {
  const { url, init } = requestFor(endpoint, params);
  return new Promise((resolve, reject) => {
    const xhr = options.xhr ? options.xhr() : new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = true;
    for (const [key, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
      xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    // Everything sent: the server is processing now (the toast reads "Procesando").
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () => {
      try {
        resolve(resultsOf(endpoint, xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, ''));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}
