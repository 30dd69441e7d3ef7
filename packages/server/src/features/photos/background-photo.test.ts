import { api } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, dialects, member, testApp } from '../../../tests/_util';
import { jpegWithExif, type UploadFile, uploadPhoto } from '../../media/test-support';

type UserJson = { uid: number; bgImage?: string; bgStyle?: string; bgPhotoId?: number };

/** The profile editor switches the background's repeat by its photo id: the member's own view carries it. */
describe.each(dialects)('the background photo id on $name', (dialect) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let file: UploadFile;
  beforeAll(async () => {
    t = await testApp(dialect);
    file = { name: 'fondo.jpg', type: 'image/jpeg', data: await jpegWithExif(300, 200) };
  });
  afterAll(() => t.close());

  const self = async (m: Client) => ((await m.ok(api.user.getLoggedInUser)) as UserJson[])[0];

  it('follows an upload as background, a repeat switch and clearing; others never see it', async () => {
    const m = await member(t.app);
    const viewer = await member(t.app);
    const uploaded = (await uploadPhoto(m, file, { setBgImage: true })).body.Photo as { uid: number }[];
    const photoId = uploaded[0].uid;
    expect(await self(m)).toMatchObject({ bgPhotoId: photoId, bgStyle: 'cover' });

    const [tiled] = (await m.ok(api.people.setBackgroundPhoto, {
      photo: photoId,
      repeat: true,
    })) as UserJson[];
    expect(tiled).toMatchObject({ bgPhotoId: photoId, bgStyle: 'repeat' });
    const [seen] = (await viewer.ok(api.people.getUserById, { userId: m.user.uid })) as UserJson[];
    expect(seen.bgStyle).toBe('repeat');
    expect(seen.bgImage).toBeTruthy();
    expect(seen.bgPhotoId).toBeUndefined();

    // A later upload as background keeps the repeat and names the new photo.
    const second = ((await uploadPhoto(m, file, { setBgImage: true })).body.Photo as { uid: number }[])[0];
    expect(await self(m)).toMatchObject({ bgPhotoId: second.uid, bgStyle: 'repeat' });

    const [cleared] = (await m.ok(api.people.setBackgroundPhoto, { photo: 0 })) as UserJson[];
    expect(cleared.bgPhotoId).toBeUndefined();
    expect(cleared.bgImage).toBeUndefined();
  });
});
