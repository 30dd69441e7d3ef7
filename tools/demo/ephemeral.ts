import { api, type Conversation, type EphemeralItem } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DEMO_PASSWORD } from './seed';

/** Who sends lucia view-once photos in the demo, their captions, and whether she viewed it. */
export const DEMO_EPHEMERAL = {
  from: 'mateo',
  to: 'lucia',
  items: [
    { text: 'Atardecer en la playa', colour: '#e76f51', viewed: true },
    { text: '¿Adivinas dónde estoy?', colour: '#2a9d8f', viewed: false },
  ],
} as const;

/** A 720 x 960 picture with its caption drawn on it (an SVG rendered by sharp). */
function demoPhoto(text: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960">
    <rect width="100%" height="100%" fill="${colour}"/>
    <circle cx="360" cy="380" r="170" fill="#fff" opacity="0.35"/>
    <text x="50%" y="78%" font-size="48" font-family="DejaVu Sans, sans-serif" fill="#fff" text-anchor="middle">${text}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function login(app: FastifyInstance, name: string): Promise<{ cookie: string; uid: number }> {
  const res = await app.inject({
    method: 'POST',
    url: api.profile.login.path,
    payload: { name, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`demo login ${name}: ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, uid: res.json().User[0].uid as number };
}

/**
 * A conversation where mateo sent lucia two view-once photos through the real API: she has
 * viewed the first (its time is spent) and the second waits. Skipped when the conversation
 * already holds them, so a restart adds none. Returns the items' post ids.
 */
export async function seedEphemeralDemo(app: FastifyInstance): Promise<number[]> {
  const { cookie: sender } = await login(app, DEMO_EPHEMERAL.from);
  const { cookie: viewer, uid: luciaId } = await login(app, DEMO_EPHEMERAL.to);
  const started = await app.inject({
    method: 'POST',
    url: api.messaging.send.path,
    headers: { cookie: sender },
    payload: { targetIds: [luciaId], message: 'Te mando algo que solo podrás ver una vez 👀' },
  });
  const conversation = (started.json().Conversation as Conversation[])[0];
  const already = (conversation.messages ?? []).filter((m) => m.content?.includes('[ephemeral]'));
  if (already.length >= DEMO_EPHEMERAL.items.length)
    return already.map((m) => Number(m.content!.split(':')[1]));

  const ids: number[] = [];
  for (const item of DEMO_EPHEMERAL.items) {
    const form = new FormData();
    form.append('conversationId', String(conversation.conversationId));
    form.append(
      'image',
      new Blob([new Uint8Array(await demoPhoto(item.text, item.colour))], { type: 'image/jpeg' }),
      'foto.jpg',
    );
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: api.ephemeral.uploadEphemeralPhoto.path,
      headers: { cookie: sender, 'content-type': request.headers.get('content-type') as string },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    if (res.statusCode !== 200) throw new Error(`demo ephemeral upload: ${res.body}`);
    const sent = (res.json().EphemeralItem as EphemeralItem[])[0];
    ids.push(sent.postId);
    if (!item.viewed) continue;
    const ref = { postId: sent.postId, authorId: sent.authorId };
    await app.inject({
      method: 'POST',
      url: api.ephemeral.openEphemeral.path,
      headers: { cookie: viewer },
      payload: ref,
    });
    await app.inject({
      method: 'POST',
      url: api.ephemeral.updateEphemeralPhoto.path,
      headers: { cookie: viewer },
      payload: { ...ref, viewTime: sent.expiration },
    });
  }
  return ids;
}
