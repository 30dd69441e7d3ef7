import { api, type Conversation, type Endpoint, type Message, type OfflineMessage } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { formBody, postForm } from '../../../tests/_multipart';
import { type Client, dialects, listeningApp, member } from '../../../tests/_util';
import { openPush } from '../../../tests/flows/_push';
import { checkerboard } from '../../media/test-support';
import { sniffAudioType } from './content';

type Member = Awaited<ReturnType<typeof member>>;
type Upload = { name: string; type: string; data: Uint8Array };

/** A multipart POST as a browser sends it. */
async function multipart(
  client: Client,
  endpoint: Endpoint,
  fields: Record<string, unknown>,
  files: Record<string, Upload>,
) {
  return postForm(client, endpoint, await formBody(fields, files));
}

const wav = () => {
  const data = Buffer.alloc(44 + 800);
  data.write('RIFF', 0, 'ascii');
  data.writeUInt32LE(36 + 800, 4);
  data.write('WAVEfmt ', 8, 'ascii');
  return data;
};
const ascii = (s: string, size = 64) => Buffer.concat([Buffer.from(s, 'binary'), Buffer.alloc(size)]);

describe('audio sniffing', () => {
  it('knows WAV, WebM, Ogg and MP3 by their bytes, nothing else', () => {
    expect(sniffAudioType(wav())).toBe('wav');
    expect(sniffAudioType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0]))).toBe('webm');
    expect(sniffAudioType(ascii('OggS'))).toBe('ogg');
    expect(sniffAudioType(ascii('ID3\x04'))).toBe('mp3');
    expect(sniffAudioType(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniffAudioType(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBeUndefined();
    expect(sniffAudioType(ascii('RIFF\0\0\0\0WEBP'))).toBeUndefined();
    expect(sniffAudioType(Buffer.from('hola, esto es texto'))).toBeUndefined();
    expect(sniffAudioType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe.each(dialects)('offline mail and voice messages on $name', (dialect) => {
  const app = listeningApp(dialect);

  const set = app.setUser;
  const mailCount = async () =>
    Number(
      (
        await app.t.deps.db
          .selectFrom('offline_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('category', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const im = async (from: Member, to: Member) =>
    ((await from.ok(api.messaging.send, { targetIds: [to.user.uid], message: 'hola' })) as Conversation[])[0];

  describe('offline mail', () => {
    it('sends mail with a photo, pushes it, and shows it in the inbox and the sent box', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const socket = await openPush(app.baseUrl, { cookie: b.cookieHeader });
      await socket.next();
      const photo = await checkerboard(64, 48).jpeg().toBuffer();
      const res = await multipart(
        a,
        api.messaging.sendOffline,
        { destId: b.user.uid, subject: ' Fotos del viaje ', message: 'Mira qué bonito' },
        { photo: { name: 'viaje.jpg', type: 'image/jpeg', data: photo } },
      );
      expect(res.status).toBe(200);
      const [id] = res.body.Long as number[];
      expect(await socket.next()).toMatchObject({
        type: 'offlineMessage',
        id,
        category: 1,
        sender: { uid: a.user.uid, name: a.user.name },
        subject: 'Fotos del viaje',
      });
      const [mail] = (await b.ok(api.messaging.getOfflineInbox)) as OfflineMessage[];
      expect(mail).toMatchObject({
        id,
        subject: 'Fotos del viaje',
        message: 'Mira qué bonito',
        category: 1,
        read: false,
        sender: { uid: a.user.uid },
        recipient: { uid: b.user.uid },
      });
      const image = await app.t.app.inject({ method: 'GET', url: mail.photo! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(((await a.ok(api.messaging.getOfflineSent)) as OfflineMessage[]).map((x) => x.id)).toEqual([id]);
      expect(await a.ok(api.messaging.getOfflineInbox)).toEqual([]);
      // Friend requests (category 3) are not mail.
      await a.ok(api.buddy.sendUserBuddyRequest, { receivingUserId: b.user.uid });
      expect(((await b.ok(api.messaging.getOfflineInbox)) as OfflineMessage[]).length).toBe(1);

      expect((await a.call(api.messaging.markOfflineRead, { id })).status).toBe(404);
      expect(await b.ok(api.messaging.markOfflineRead, { id })).toEqual([true]);
      expect(((await b.ok(api.messaging.getOfflineInbox)) as OfflineMessage[])[0].read).toBe(true);
      expect((await b.call(api.messaging.markOfflineRead, { id: 999999 })).status).toBe(404);
      await socket.close();
    });

    it('sends plain form posts without a photo', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const [id] = (await a.ok(api.messaging.sendOffline, {
        destId: b.user.uid,
        message: 'Sin foto',
      })) as number[];
      const [mail] = (await b.ok(api.messaging.getOfflineInbox)) as OfflineMessage[];
      expect(mail).toMatchObject({ id, message: 'Sin foto' });
      expect(mail.photo).toBeUndefined();
    });

    it('refuses blocked recipients, the message permission, oneself and bad input, storing nothing', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const before = await mailCount();
      await b.ok(api.people.blockUser, { userId: a.user.uid });
      expect((await a.call(api.messaging.sendOffline, { destId: b.user.uid, message: 'hola' })).status).toBe(
        404,
      );
      expect((await b.call(api.messaging.sendOffline, { destId: a.user.uid, message: 'hola' })).status).toBe(
        404,
      );
      const c = await member(app.t.app);
      await set(c.user.uid, { message_permission: 1 });
      const friendsOnly = await a.call(api.messaging.sendOffline, { destId: c.user.uid, message: 'hola' });
      expect(friendsOnly.status).toBe(403);
      expect(friendsOnly.body.message).toBe(`${c.user.name} no acepta mensajes tuyos.`);
      await set(c.user.uid, { message_permission: 2 });
      expect((await a.call(api.messaging.sendOffline, { destId: c.user.uid, message: 'hola' })).status).toBe(
        403,
      );
      const d = await member(app.t.app);
      expect((await a.call(api.messaging.sendOffline, { destId: a.user.uid, message: 'yo' })).status).toBe(
        400,
      );
      expect((await a.call(api.messaging.sendOffline, { destId: d.user.uid, message: '' })).status).toBe(400);
      expect((await a.call(api.messaging.sendOffline, { destId: 999999, message: 'hola' })).status).toBe(404);
      const notImage = await multipart(
        a,
        api.messaging.sendOffline,
        { destId: d.user.uid, message: 'con foto' },
        { photo: { name: 'foto.jpg', type: 'image/jpeg', data: Buffer.from('no soy una imagen') } },
      );
      expect(notImage.status).toBe(400);
      expect(notImage.body.ApiValidationException).toEqual({ field: 'photo' });
      expect(await mailCount()).toBe(before);
    });
  });

  describe('voice messages', () => {
    it('stores a real recording, sends its audio tag and pushes it; the file plays back', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const conv = await im(a, b);
      const socket = await openPush(app.baseUrl, { cookie: b.cookieHeader });
      await socket.next();
      const res = await multipart(
        a,
        api.messaging.sendVoiceMessage,
        { conversationId: conv.conversationId, conversationOwnerId: conv.ownerId! },
        { file: { name: 'grabacion.wav', type: 'audio/wav', data: wav() } },
      );
      expect(res.status).toBe(200);
      const [message] = res.body.Message as Message[];
      expect(message.content).toMatch(/^\[audio\]\/media\/audio\/[0-9a-f]{32}\.wav\[\/audio\]$/);
      expect(message.sender).toMatchObject({ uid: a.user.uid });
      expect(await socket.next()).toMatchObject({
        type: 'message',
        conversationId: conv.conversationId,
        message: { id: message.id, content: message.content },
      });
      const url = message.content!.slice('[audio]'.length, -'[/audio]'.length);
      const audio = await app.t.app.inject({ method: 'GET', url });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/wav');
      expect(Buffer.compare(audio.rawPayload, wav())).toBe(0);
      // Streamed with ranges (some players ask for audio in parts).
      const part = await app.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.toString()).toBe('RIFF');
      expect((await app.t.app.inject({ method: 'GET', url: '/media/audio/../../secret' })).statusCode).toBe(
        404,
      );
      expect(
        (await app.t.app.inject({ method: 'GET', url: `/media/audio/${'0'.repeat(32)}.wav` })).statusCode,
      ).toBe(404);
      // The declared type is a hint only: WebM bytes called wav are stored as WebM.
      const webm = await multipart(
        a,
        api.messaging.sendVoiceMessage,
        { conversationId: conv.conversationId, type: 'wav' },
        { file: { name: 'x.wav', type: 'audio/wav', data: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]) } },
      );
      expect((webm.body.Message as Message[])[0].content).toMatch(/\.webm\[\/audio\]$/);
      await socket.close();
    });

    it('refuses what is not audio, too large a file and non-participants', async () => {
      const a = await member(app.t.app);
      const b = await member(app.t.app);
      const x = await member(app.t.app);
      const conv = await im(a, b);
      const voice = (who: Member, data: Uint8Array, conversationId = conv.conversationId) =>
        multipart(
          who,
          api.messaging.sendVoiceMessage,
          { conversationId },
          { file: { name: 'a.wav', type: 'audio/wav', data } },
        );
      const text = await voice(a, Buffer.from('esto no es audio'));
      expect(text.status).toBe(400);
      expect(text.body.message).toBe('La grabación debe ser un archivo de audio WAV, WebM, Ogg o MP3.');
      const big = Buffer.concat([wav(), Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await voice(a, big);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.message).toBe('La grabación es demasiado grande: como máximo 5 MB.');
      expect((await voice(x, wav())).status).toBe(404);
      const missing = await multipart(
        a,
        api.messaging.sendVoiceMessage,
        { conversationId: conv.conversationId },
        {},
      );
      expect(missing.status).toBe(400);
      const [seen] = (await a.ok(api.messaging.getConversation, {
        conversationId: conv.conversationId,
      })) as Conversation[];
      expect(seen.messageCount).toBe(1);
    });
  });
});
