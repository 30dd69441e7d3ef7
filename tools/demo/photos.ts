import { api, LikeItemType, type Photo } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DEMO_PASSWORD } from './seed';

/** Generated scenes: sky, sun, hills and sea in a member's palette, drawn as SVG, 1200 x 800. */
const PALETTES = [
  ['#ffb347', '#ffcc33', '#4a7c59', '#2e5339', '#1e6091'],
  ['#89c2d9', '#f9c74f', '#90be6d', '#43aa8b', '#277da1'],
  ['#f28482', '#f6bd60', '#84a59d', '#52796f', '#355070'],
  ['#cdb4db', '#ffafcc', '#a2d2ff', '#588157', '#3a5a40'],
  ['#264653', '#e9c46a', '#2a9d8f', '#1d3557', '#457b9d'],
];

export async function demoScene(seed: number): Promise<Buffer> {
  const [sky, sun, near, far, sea] = PALETTES[seed % PALETTES.length];
  const x = 200 + ((seed * 173) % 800);
  const h1 = 380 + ((seed * 37) % 120);
  const h2 = 460 + ((seed * 53) % 100);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#s)"/>
    <circle cx="${x}" cy="220" r="90" fill="${sun}"/>
    <path d="M0 ${h1} Q300 ${h1 - 160} 600 ${h1} T1200 ${h1 - 40} V800 H0Z" fill="${far}"/>
    <path d="M0 ${h2} Q400 ${h2 - 120} 800 ${h2} T1200 ${h2} V800 H0Z" fill="${near}"/>
    <rect y="650" width="1200" height="150" fill="${sea}" opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Who has albums: member, album name, how many photos, and the caption. */
const ALBUMS: readonly { owner: string; album: string; count: number; caption: string }[] = [
  { owner: 'lucia', album: 'Madrid en invierno', count: 6, caption: 'Paseo de tarde' },
  { owner: 'mateo', album: 'Rutas en bici', count: 4, caption: 'Subiendo el puerto' },
  { owner: 'valentina', album: 'Viaje a la costa', count: 5, caption: 'Atardecer en la playa' },
];
/** Comments and likes on the first photo of each album: [who, whose album, comment]. */
const REACTIONS: readonly [string, string, string][] = [
  ['mateo', 'lucia', '¡Qué luz tan bonita!'],
  ['valentina', 'lucia', 'Me encanta este encuadre 😍'],
  ['lucia', 'mateo', 'Vaya subida, ¡enhorabuena!'],
  ['carlos', 'valentina', 'Qué ganas de playa…'],
];

async function login(app: FastifyInstance, name: string) {
  const res = await app.inject({
    method: 'POST',
    url: api.profile.login.path,
    payload: { name, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`demo login ${name}: ${res.body}`);
  return {
    uid: res.json().User[0].uid as number,
    cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
  };
}

/** Generated photos uploaded in one multipart album/uploadPhotos.do. */
async function uploadScenes(
  app: FastifyInstance,
  me: { cookie: string },
  fields: Record<string, string>,
  seeds: number[],
): Promise<Photo[]> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const seed of seeds) {
    const data = await demoScene(seed);
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `foto-${seed}.jpg`);
  }
  const request = new Request('http://demo/', { method: 'POST', body: form });
  const upload = await app.inject({
    method: 'POST',
    url: api.album.uploadPhotos.path,
    headers: { cookie: me.cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (upload.statusCode !== 200) throw new Error(`demo photos: ${upload.body}`);
  return upload.json().Photo as Photo[];
}

/**
 * A backstage album of two photos that only its owner, VIP members and one unlocked member see. Once.
 */
async function seedBackstage(app: FastifyInstance, owner: string, unlocked: string): Promise<void> {
  const me = await login(app, owner);
  const albums = await app.inject({
    method: 'GET',
    url: `${api.album.getPhotoAlbums.path}?userId=${me.uid}`,
    headers: { cookie: me.cookie },
  });
  if ((albums.json().Album as { backstage?: boolean }[]).some((x) => x.backstage)) return;
  const made = await app.inject({
    method: 'POST',
    url: api.album.createAlbum.path,
    payload: { name: 'Backstage', backstage: true },
    headers: { cookie: me.cookie },
  });
  const albumId = String(made.json().Album[0].id);
  await uploadScenes(app, me, { albumId, caption: 'Solo para unos pocos' }, [40, 41]);
  const friend = await login(app, unlocked);
  const unlock = await app.inject({
    method: 'POST',
    url: api.album.unlockBackstage.path,
    payload: { userId: friend.uid },
    headers: { cookie: me.cookie },
  });
  if (unlock.statusCode !== 200) throw new Error(`demo backstage unlock: ${unlock.body}`);
}

/**
 * Albums of generated photos for a few demo members, uploaded through the real multipart
 * album/uploadPhotos.do, with comments and likes from their friends; one photo of each album is
 * for friends only; Mateo keeps a backstage album unlocked for Carlos. Runs once: members who
 * already have the album are left alone.
 */
export async function seedPhotosDemo(app: FastifyInstance): Promise<void> {
  const sessions = new Map<string, { uid: number; cookie: string }>();
  const firstPhoto = new Map<string, Photo>();
  for (const [index, a] of ALBUMS.entries()) {
    const me = await login(app, a.owner);
    sessions.set(a.owner, me);
    const albums = await app.inject({
      method: 'GET',
      url: `${api.album.getPhotoAlbums.path}?userId=${me.uid}`,
      headers: { cookie: me.cookie },
    });
    if ((albums.json().Album as { name: string }[]).some((x) => x.name === a.album)) continue;
    const seeds = Array.from({ length: a.count }, (_, i) => index * 7 + i);
    const photos = await uploadScenes(app, me, { albumName: a.album, caption: a.caption }, seeds);
    firstPhoto.set(a.owner, photos[0]);
    await app.inject({
      method: 'POST',
      url: api.album.editPost.path,
      payload: { postId: photos[photos.length - 1].uid, privacy: 2 },
      headers: { cookie: me.cookie },
    });
  }
  for (const [who, owner, message] of REACTIONS) {
    const photo = firstPhoto.get(owner);
    if (!photo) continue;
    const me = sessions.get(who) ?? (await login(app, who));
    sessions.set(who, me);
    const authorUserId = sessions.get(owner)!.uid;
    await app.inject({
      method: 'POST',
      url: api.user.like.path,
      payload: { type: LikeItemType.PHOTO, itemId: photo.uid, authorUserId },
      headers: { cookie: me.cookie },
    });
    await app.inject({
      method: 'POST',
      url: api.album.composeComment.path,
      payload: { isPhoto: true, postId: photo.uid, authorUserId, message },
      headers: { cookie: me.cookie },
    });
  }
  // A photo in an IM (the IM composer's photo select dialog): Valentina shows Lucía the coast.
  const coast = firstPhoto.get('valentina');
  const lucia = sessions.get('lucia');
  if (coast && lucia) {
    await app.inject({
      method: 'POST',
      url: api.messaging.send.path,
      payload: {
        targetIds: [lucia.uid],
        message: 'Una de la costa, para que veas los colores 🌅',
        photoId: coast.uid,
      },
      headers: { cookie: sessions.get('valentina')!.cookie },
    });
  }
  await seedBackstage(app, 'mateo', 'carlos');
}
