import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config';
import { type ByteRange, checkMediaName, type MediaStore } from './store-api';

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * The media store on any S3-compatible service (AWS S3, R2, MinIO, Ceph) through the official
 * SDK (docs/media-storage.md). Objects are written without any ACL, so the bucket's default
 * (private) holds: members read them only through the server, or a short-lived signed URL.
 */
export function s3MediaStore(settings: S3Settings, client = s3ClientFor(settings)): MediaStore {
  const { bucket } = settings;
  const keyOf = (name: string) => settings.prefix + checkMediaName(name);

  async function getObject(name: string, range?: ByteRange) {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async function size(name: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      return head.ContentLength;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async function list(prefix: string): Promise<string[]> {
    if (!prefix.endsWith('/')) throw new Error(`a prefix ends in '/': ${prefix}`);
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: keyOf(prefix), ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) names.push(item.Key.slice(settings.prefix.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names.sort();
  }

  return {
    kind: 's3',
    async put(name, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(name), Body: data }));
    },
    async putFile(name, file) {
      // A known length lets the SDK stream the file in one PUT without buffering it.
      const { size: length } = await fs.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Body: createReadStream(file),
          ContentLength: length,
        }),
      );
    },
    async get(name) {
      const object = await getObject(name);
      if (!object?.Body) return undefined;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    size,
    async stream(name, range) {
      const object = await getObject(name, range);
      return object?.Body ? { body: object.Body as Readable, length: object.ContentLength ?? 0 } : undefined;
    },
    async download(name, file) {
      const object = await getObject(name);
      if (!object?.Body) return false;
      await pipeline(object.Body as Readable, createWriteStream(file));
      return true;
    },
    has: async (name) => (await size(name)) !== undefined,
    async remove(name) {
      if (!name.endsWith('/')) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return;
      }
      const names = await list(name);
      // DeleteObjects takes at most 1,000 keys a call.
      for (let i = 0; i < names.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: names.slice(i, i + 1000).map((n) => ({ Key: keyOf(n) })), Quiet: true },
          }),
        );
      }
    },
    list,
    signedUrl(name, seconds, contentType) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: keyOf(name),
        ResponseContentType: contentType,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },
  };
}

export function s3ClientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's usual chain (environment, instance role...).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where the API demands them: many S3-compatible services refuse the
    // streaming checksum trailers the SDK would otherwise add to every PUT.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
