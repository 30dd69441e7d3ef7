import { api } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import { demoAvatar } from './avatars';
import { DEMO_PASSWORD } from './seed';

/** Varied profiles for the demo members, as they would fill them in. */
const PROFILES: Record<string, Record<string, string | number>> = {
  lucia: {
    firstName: 'Lucía',
    lastName: 'Romero',
    city: 'Madrid',
    state: 'Madrid',
    country: 'España',
    about: 'Fotógrafa de **calle** y fan del cine de los 80. ~~Siempre~~ con café.',
    lookingFor: 3,
    education: 4,
    relationshipStatus: 1,
  },
  mateo: {
    firstName: 'Mateo',
    lastName: 'Silva',
    city: 'Madrid',
    state: 'Madrid',
    country: 'España',
    about: 'Corro maratones y cocino paella los domingos.',
    lookingFor: 5,
    education: 3,
    relationshipStatus: 2,
  },
  valentina: {
    firstName: 'Valentina',
    lastName: 'Castro',
    city: 'Buenos Aires',
    state: 'CABA',
    country: 'Argentina',
    about: 'Estudio diseño. Me encantan los juegos de mesa.',
    lookingFor: 3,
    education: 3,
    relationshipStatus: 1,
  },
  admin: {
    firstName: 'Equipo',
    lastName: 'Tertulia',
    city: 'Madrid',
    state: 'Madrid',
    country: 'España',
    about: 'Cuidamos la comunidad. Escríbenos si algo no va bien.',
  },
  carlos: {
    firstName: 'Carlos',
    lastName: 'Méndez',
    city: 'Ciudad de México',
    state: 'CDMX',
    country: 'México',
    about: 'Músico. Toco la guitarra en un grupo de rock.',
    song: 'Los Caminos — Carretera al sur',
    lookingFor: 4,
    education: 5,
    relationshipStatus: 4,
  },
  sofia: {
    firstName: 'Sofía',
    lastName: 'Navarro',
    city: 'Sevilla',
    state: 'Andalucía',
    country: 'España',
    about: 'Flamenco, libros y viajes en tren.',
    song: 'Entre dos aguas',
    lookingFor: 1,
    education: 2,
    relationshipStatus: 1,
  },
  diego: {
    firstName: 'Diego',
    lastName: 'Ruiz',
    city: 'Bogotá',
    state: 'Cundinamarca',
    country: 'Colombia',
    about: 'Desarrollador y ciclista de montaña.',
    lookingFor: 3,
    education: 4,
    relationshipStatus: 1,
  },
  camila: {
    firstName: 'Camila',
    lastName: 'Vega',
    city: 'Santiago',
    state: 'RM',
    country: 'Chile',
    about: 'Veterinaria. Tengo tres gatos y un perro.',
    lookingFor: 2,
    education: 5,
    relationshipStatus: 1,
  },
};
/**
 * Fills the demo members' profiles and uploads their photos through the real API (login,
 * updateProfile, multipart uploadPhoto), once: members who have a photo are left alone.
 */
export async function seedPeopleDemo(app: FastifyInstance, names: string[]): Promise<void> {
  const sessions = new Map<string, { uid: number; cookie: string }>();
  for (const [index, name] of names.entries()) {
    const login = await app.inject({
      method: 'POST',
      url: api.profile.login.path,
      payload: { name, password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`demo login ${name}: ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    sessions.set(name, { uid: login.json().User[0].uid, cookie });
    if (login.json().User[0].image1) continue;
    const profile = await app.inject({
      method: 'POST',
      url: api.people.updateProfile.path,
      payload: PROFILES[name] ?? {},
      headers: { cookie },
    });
    if (profile.statusCode !== 200) throw new Error(`demo profile ${name}: ${profile.body}`);
    const form = new FormData();
    form.append('setProfilePic', 'true');
    form.append(
      'image',
      new Blob([new Uint8Array(await demoAvatar(name, index))], { type: 'image/png' }),
      `${name}.png`,
    );
    const request = new Request('http://demo/', { method: 'POST', body: form });
    const upload = await app.inject({
      method: 'POST',
      url: api.album.uploadPhoto.path,
      headers: { cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    if (upload.statusCode !== 200) throw new Error(`demo photo ${name}: ${upload.body}`);
  }
  // The musician is the demo's featured artist, set by the admin as on the live site.
  const admin = sessions.get('admin');
  const carlos = sessions.get('carlos');
  if (admin && carlos) {
    const flags = await app.inject({
      method: 'POST',
      url: api.people.setMemberFlags.path,
      payload: { userId: carlos.uid, featuredArtist: true },
      headers: { cookie: admin.cookie },
    });
    if (flags.statusCode !== 200) throw new Error(`demo flags: ${flags.body}`);
  }
}
