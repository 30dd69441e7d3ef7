import { api, type Endpoint } from '@tertulia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, postForm } from '../../tests/_multipart';
import { type Client, dialects, member, type TestApp, testApp } from '../../tests/_util';
import { checkerboard, gifDeclaring, pngTextBomb } from './test-support';

type Member = Awaited<ReturnType<typeof member>>;
const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;

/** Samples the process's memory until stopped; returns the highest reading. */
function peakMemory() {
  let peak = rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rss());
  };
}

// Issue #38: a 10x10 PNG whose text chunks inflate to hundreds of MB, and a GIF of a few dozen
// bytes declaring 16000x3000, cost seconds and gigabytes through every upload call.
describe.each(dialects)('hostile images on $name', (dialect) => {
  let t: TestApp;
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    t = await testApp(dialect);
    [a, b] = [await member(t.app), await member(t.app)];
  });
  afterAll(() => t.close());

  /** Every upload call that takes an image, with the fields it needs besides the file. */
  const uploads = (): [Endpoint, string, Record<string, unknown>][] => [
    [api.album.uploadPhoto, 'image', {}],
    [api.user.updateStatus, 'image', { newStatus: 'hola' }],
    [api.messaging.send, 'photo', { targetIds: b.user.uid, message: 'mira' }],
    [api.messaging.sendOffline, 'photo', { destId: b.user.uid, subject: 'foto', message: 'mira' }],
  ];
  const upload = async (
    who: Client,
    [endpoint, field, fields]: [Endpoint, string, Record<string, unknown>],
    data: Buffer,
  ) =>
    postForm(who, endpoint, await formBody(fields, { [field]: { name: 'x.png', type: 'image/png', data } }));

  it('are refused with a clear 400 in the member’s language, and memory returns near its baseline', async () => {
    // Warm up every path with a real image, so the baseline includes what any upload loads once.
    const real = await checkerboard(64, 48).png().toBuffer();
    for (const call of uploads()) expect((await upload(a, call, real)).status, call[0].path).toBe(200);
    const photos = () =>
      t.deps.db.selectFrom('photos').select('id').where('owner_id', '=', a.user.uid).execute();
    const stored = (await photos()).length;
    const baseline = rss();

    const textBomb = await pngTextBomb(40, 7); // ~290 KB: 280 MB of text once inflated
    const single = await pngTextBomb(1, 50); // the 48.7 KB file, 50 MB inflated
    const wideGif = gifDeclaring(16000, 3000); // 35 bytes, 48 megapixels
    const hostile = [textBomb, single, wideGif];
    const stop = peakMemory();
    // A burst: every hostile image through every upload call, four calls at once.
    const answers = await Promise.all(
      hostile.flatMap((data) =>
        uploads().map((call) => upload(a, call, data).then((res) => ({ call, res }))),
      ),
    );
    const peak = stop();
    for (const { call, res } of answers) {
      expect(res.status, call[0].path).toBe(400);
      expect(res.body.message, call[0].path).toMatch(/imagen|GIF/);
    }
    const messages = new Set(answers.map(({ res }) => res.body.message));
    expect(messages).toContain(
      'La imagen lleva demasiados datos ocultos (textos o perfiles de color) para procesarla.',
    );
    expect(messages).toContain('El GIF es demasiado grande: como máximo 16 megapíxeles.');
    // Generous bounds: before the fix one text bomb alone took the process past 1 GB.
    expect((peak - baseline) / MB).toBeLessThan(400);
    expect((rss() - baseline) / MB).toBeLessThan(150);

    // Nothing of them was stored.
    expect(await photos()).toHaveLength(stored);

    a.cookies.set('locale', 'en');
    const english = await upload(a, uploads()[0], wideGif);
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('The GIF is too large: 16 megapixels at most.');
    a.cookies.set('locale', 'es');
  });

  it('still takes real PNGs with ordinary text chunks and GIFs within the limits', async () => {
    const png = await checkerboard(300, 200).png().withMetadata({ density: 96 }).toBuffer();
    expect((await upload(a, uploads()[0], await pngTextBomb(3, 0.1))).status).toBe(200);
    expect((await upload(a, uploads()[0], png)).status).toBe(200);
    const gif = await checkerboard(400, 300).gif().toBuffer();
    expect((await upload(a, uploads()[0], gif)).status).toBe(200);
  });
});
