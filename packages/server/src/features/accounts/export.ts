import { EXPORT_DATA_PATH } from '@tertulia/contract';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import type { Deps } from '../../deps';
import { loginRequired, rateLimited } from '../../http/errors';
import { originalName } from '../../media/keys';
import { type MediaStore, mediaStoreFor } from '../../media/storage';
import { toSelf } from '../people/user-view';
import { accountStore } from './store';

const EXPORTS_PER_WINDOW = 3;
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * GET EXPORT_DATA_PATH: the member's data as a ZIP (profile.json, photos/, messages.json,
 * statuses.json). A file, not an API envelope, so it is registered here beside the media routes.
 */
export function registerExportRoute(
  app: FastifyInstance,
  deps: Deps,
  media: MediaStore = mediaStoreFor(deps.config),
) {
  app.get(EXPORT_DATA_PATH, async (request, reply) => {
    const member = request.member;
    if (!member) throw loginRequired();
    const decision = await deps.limiter.hit(`export:${member.id}`, EXPORTS_PER_WINDOW, 10 * 60_000);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
    const { user, photos, messages, statuses } = await accountStore(deps.db).exportRows(member.id);
    const zip = new ZipFile();
    const profile = {
      ...toSelf(user),
      email: user.email,
      birthDate: user.birth_date,
      creationTime: Number(user.creation_time),
    };
    zip.addBuffer(json(profile), 'profile.json');
    const files = async (rows: { id: number; image_key: string | null }[], folder: string) => {
      for (const row of rows) {
        if (!row.image_key) continue;
        const data = await media.get(originalName(row.image_key));
        // Images are compressed already.
        if (data) zip.addBuffer(data, `${folder}/${row.id}-${row.image_key}`, { compress: false });
      }
    };
    zip.addBuffer(json(photos), 'photos.json');
    await files(photos, 'photos');
    zip.addBuffer(json(messages), 'messages.json');
    zip.addBuffer(json(statuses), 'statuses.json');
    await files(statuses, 'statuses');
    zip.end();
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .headers({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="tertulia-${member.id}-${stamp}.zip"`,
        'cache-control': 'no-store',
      })
      .send(zip.outputStream);
  });
}
