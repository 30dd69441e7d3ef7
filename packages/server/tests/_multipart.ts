import type { Endpoint } from '@tertulia/contract';
import type { CallResult, Client } from './_util';

export interface FilePart {
  name?: string;
  type?: string;
  data: Uint8Array;
}

/** A multipart body as a browser makes it: text fields and file parts. */
export async function formBody(fields: Record<string, unknown>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    const blob = new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' });
    form.append(name, blob, file.name ?? 'file.bin');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    contentType: request.headers.get('content-type')!,
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/** Posts a multipart body (cut to `truncateAt` bytes when given) as the client. */
export async function postForm(
  client: Client,
  endpoint: Endpoint,
  body: { contentType: string; payload: Buffer },
  truncateAt?: number,
): Promise<CallResult> {
  const res = await client.app.inject({
    method: 'POST',
    url: endpoint.path,
    headers: { cookie: client.cookieHeader, 'content-type': body.contentType },
    payload: truncateAt === undefined ? body.payload : body.payload.subarray(0, truncateAt),
    remoteAddress: client.ip,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
