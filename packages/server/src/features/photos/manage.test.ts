import { type Album, api, type Photo, type User } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../tests/_social';
import { Client, dialects, member, testApp } from '../../../tests/_util';
import { checkerboard, uploadPhoto } from '../../media/test-support';

/** The owner's album management (delete, reorder) and the per-member backstage unlocks. */
describe.each(dialects)('album management and backstage unlocks on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await testApp(dialect);
    jpeg = await checkerboard(60, 40).jpeg().toBuffer();
  });
  afterAll(() => t.close());

  const upload = async (m: Member, fields: Record<string, string | number> = {}) =>
    (
      (await uploadPhoto(m, { name: 'a.jpg', type: 'image/jpeg', data: jpeg }, fields)).body.Photo as Photo[]
    )[0];
  const albumsOf = async (m: Member) =>
    (await m.ok(api.album.getPhotoAlbums, { userId: m.user.uid })) as Album[];

  it('reorderAlbums puts every album in the order given; a partial or foreign list changes nothing', async () => {
    const ana = await member(t.app);
    const other = await member(t.app);
    const [a] = (await ana.ok(api.album.createAlbum, { name: 'Uno' })) as Album[];
    const [b] = (await ana.ok(api.album.createAlbum, { name: 'Dos' })) as Album[];
    const [c] = (await ana.ok(api.album.createAlbum, { name: 'Tres' })) as Album[];
    const [foreign] = (await other.ok(api.album.createAlbum, { name: 'Ajeno' })) as Album[];
    expect(await ana.ok(api.album.reorderAlbums, { albumIds: `${c.id},${a.id},${b.id}` })).toEqual([true]);
    expect((await albumsOf(ana)).map((x) => x.name)).toEqual(['Tres', 'Uno', 'Dos']);

    for (const albumIds of [`${a.id},${b.id}`, `${a.id},${b.id},${foreign.id}`, `${a.id},${a.id},${b.id}`]) {
      const res = await ana.call(api.album.reorderAlbums, { albumIds });
      expect(res.status, albumIds).toBe(400);
      expect(res.body.message).toBe('La lista debe tener cada uno de tus álbumes una sola vez.');
    }
    expect((await ana.call(api.album.reorderAlbums, { albumIds: 'uno,dos' })).status).toBe(400);
    expect((await albumsOf(ana)).map((x) => x.name)).toEqual(['Tres', 'Uno', 'Dos']);
    expect((await new Client(t.app).call(api.album.reorderAlbums, { albumIds: `${a.id}` })).status).toBe(401);
  });

  it('deleteAlbum takes its photos (and their images) with it; only the owner may', async () => {
    const ana = await member(t.app);
    const beto = await member(t.app);
    const [trip] = (await ana.ok(api.album.createAlbum, { name: 'Viaje' })) as Album[];
    const p1 = await upload(ana, { albumId: trip.id });
    const p2 = await upload(ana, { albumId: trip.id });
    const kept = await upload(ana);
    expect((await beto.call(api.album.deleteAlbum, { albumId: trip.id })).status).toBe(404);
    expect((await ana.call(api.album.deleteAlbum, { albumId: 'x' })).status).toBe(400);
    expect((await new Client(t.app).call(api.album.deleteAlbum, { albumId: trip.id })).status).toBe(401);
    expect((await albumsOf(ana)).some((a) => a.id === trip.id)).toBe(true);

    expect(await ana.ok(api.album.deleteAlbum, { albumId: trip.id })).toEqual([true]);
    expect((await albumsOf(ana)).some((a) => a.id === trip.id)).toBe(false);
    const left = (await ana.ok(api.album.getPhotos, { userId: ana.user.uid })) as Photo[];
    expect(left.map((p) => p.uid)).toEqual([kept.uid]);
    for (const gone of [p1, p2]) {
      expect((await ana.call(api.album.getPhoto, { postId: gone.uid })).status).toBe(404);
      const image = await t.app.inject({
        method: 'GET',
        url: gone.image1!,
        headers: { cookie: ana.cookieHeader },
      });
      expect(image.statusCode).toBe(404);
    }
    expect((await ana.call(api.album.deleteAlbum, { albumId: trip.id })).status).toBe(404);
  });

  it('unlockBackstage lets one member in, lockBackstage takes it back; the list shows who', async () => {
    const ana = await member(t.app);
    const beto = await member(t.app);
    const carla = await member(t.app);
    const [backstage] = (await ana.ok(api.album.createAlbum, { name: 'B', backstage: true })) as Album[];
    const hidden = await upload(ana, { albumId: backstage.id });
    const sees = async (m: Member) =>
      (await m.call(api.album.getPhoto, { postId: hidden.uid })).status === 200;
    const image = async (m: Member, w = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${hidden.image1!}${w}`,
          headers: { cookie: m.cookieHeader },
        })
      ).statusCode;
    expect(await sees(beto)).toBe(false);

    expect(await ana.ok(api.album.unlockBackstage, { userId: beto.user.uid })).toEqual([true]);
    // Twice is the same as once.
    expect(await ana.ok(api.album.unlockBackstage, { userId: beto.user.uid })).toEqual([true]);
    expect(await sees(beto)).toBe(true);
    expect(await image(beto)).toBe(200);
    expect(await image(beto, '?w=150&crop=1')).toBe(200);
    expect(await sees(carla)).toBe(false);
    expect(await image(carla)).toBe(404);
    const list = (await ana.ok(api.album.getBackstageUnlocks)) as User[];
    expect(list.map((u) => u.uid)).toEqual([beto.user.uid]);
    // Beto's own unlock list is his, not Ana's.
    expect(await beto.ok(api.album.getBackstageUnlocks)).toEqual([]);

    expect(await ana.ok(api.album.lockBackstage, { userId: beto.user.uid })).toEqual([true]);
    expect(await sees(beto)).toBe(false);
    expect(await image(beto)).toBe(404);
    expect(await ana.ok(api.album.getBackstageUnlocks)).toEqual([]);
    expect((await ana.call(api.album.lockBackstage, { userId: beto.user.uid })).status).toBe(404);
  });

  it('refuses oneself, a missing or blocked member and bad input, changing nothing', async () => {
    const ana = await member(t.app);
    const blocker = await member(t.app);
    await blocker.ok(api.people.blockUser, { userId: ana.user.uid });
    const self = await ana.call(api.album.unlockBackstage, { userId: ana.user.uid });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Tu backstage ya es tuyo: elige a otro miembro.');
    expect((await ana.call(api.album.unlockBackstage, { userId: 99_999_999 })).status).toBe(404);
    expect((await ana.call(api.album.unlockBackstage, { userId: blocker.user.uid })).status).toBe(404);
    expect((await ana.call(api.album.unlockBackstage, { userId: 'x' })).status).toBe(400);
    expect((await ana.call(api.album.lockBackstage, {})).status).toBe(400);
    expect(await ana.ok(api.album.getBackstageUnlocks)).toEqual([]);
    const anonymous = new Client(t.app);
    expect((await anonymous.call(api.album.unlockBackstage, { userId: ana.user.uid })).status).toBe(401);
    expect((await anonymous.call(api.album.lockBackstage, { userId: ana.user.uid })).status).toBe(401);
    expect((await anonymous.call(api.album.getBackstageUnlocks)).status).toBe(401);
    expect((await ana.call(api.album.getBackstageUnlocks, { limit: 1000 })).status).toBe(400);
  });
});
