import { api, type Endpoint } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from './seed';

/**
 * The admin area has something to show: sofia is a moderator, a few members reported diego (one
 * from a chat room), lucia's report about mateo was dismissed, camila reported one of mateo's
 * photos (when the photos demo ran first), and today's charts and top errors have the web app's
 * events (page views, shares, two sampled script errors). Through the API, as members and the
 * admin would; a second run adds nothing (the queue already holds diego's reports).
 */
export async function seedModerationDemo(app: FastifyInstance): Promise<void> {
  const cookies = new Map<string, string>();
  async function as(name: string) {
    if (cookies.has(name)) return cookies.get(name)!;
    const res = await app.inject({
      method: 'POST',
      url: api.profile.login.path,
      payload: { name, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`demo login ${name}: ${res.body}`);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    cookies.set(name, cookie);
    return cookie;
  }
  async function send<E extends Endpoint>(name: string, endpoint: E, params: Record<string, unknown>) {
    const cookie = await as(name);
    const res = await app.inject({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.method === 'GET' ? { query: params as Record<string, string> } : { payload: params }),
      headers: { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`demo ${endpoint.call} as ${name}: ${res.body}`);
    return (res.json() as Record<string, unknown[]>)[endpoint.result.name];
  }
  const uid = async (name: string) =>
    ((await send('admin', api.admin.findMembers, { query: name })) as { uid: number; name: string }[]).find(
      (m) => m.name === name,
    )!.uid;

  const diego = await uid('diego');
  const open = (await send('admin', api.admin.getReports, { limit: '100' })) as {
    reported: { uid: number };
  }[];
  if (open.some((r) => r.reported.uid === diego)) return;

  await send('admin', api.admin.setRole, { userId: await uid('sofia'), role: 'moderator' });
  await send('lucia', api.people.reportUser, { reportedUserID: diego, comment: 'Manda spam de seguidores' });
  await send('camila', api.people.reportUser, { reportedUserID: diego, comment: 'Perfil falso' });
  await send('valentina', api.chat.reportChatUser, { userId: diego, comment: 'Insulta en la sala' });
  const mateo = await uid('mateo');
  await send('lucia', api.people.reportUser, { reportedUserID: mateo, comment: 'Me equivoqué' });
  const [mistaken] = (
    (await send('admin', api.admin.getReports, { limit: '100' })) as {
      id: number;
      reported: { uid: number };
    }[]
  ).filter((r) => r.reported.uid === mateo);
  await send('sofia', api.admin.resolveReport, {
    reportId: mistaken.id,
    action: 'dismiss',
    reason: 'Sin motivo',
  });

  const [photo] = (await send('camila', api.album.getPhotos, { userId: String(mateo) })) as { uid: number }[];
  if (photo) {
    await send('camila', api.album.reportPhoto, {
      photoAuthorId: mateo,
      photoId: photo.uid,
      reason: 'No es suya',
    });
  }

  // What the web app sends in batches (api/analytics.ts): page views, share actions, sampled errors.
  const page = (path: string) => ({ name: 'page_view', page: path });
  for (const name of ['lucia', 'camila', 'valentina', 'mateo', 'carlos']) {
    await send(name, api.analytics.sendEvents, {
      release: 'demo',
      events: [
        page('/html/index.jsp'),
        page('/html/chat/'),
        page(`/html/profile-view.jsp?user=${diego}`),
        { name: 'share_copy_link', page: '/html/index.jsp' },
      ],
    });
  }
  await send('mateo', api.analytics.sendEvents, {
    events: [
      {
        name: 'script_error',
        page: '/html/chat/',
        error: {
          message: "Cannot read properties of undefined (reading 'roomId')",
          stack: 'at roomRoute (roomRoute.js:1:2)',
        },
      },
      {
        name: 'script_error',
        page: '/html/chat/',
        error: { message: "Cannot read properties of undefined (reading 'roomId')" },
      },
    ],
  });
}
