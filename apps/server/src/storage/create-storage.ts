import type { Config } from '../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** The uploads store the configuration names: an S3 bucket when S3_BUCKET is set, else local disk. */
export function createStorage(config: Config, options: { minFreeBytes?: number } = {}): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
    });
  }
  return new LocalStorage(config.uploadsDir, options);
}

/** Where a storage folder is, for an operator reading a command's output. */
export function describeStorageFolder(config: Config, folder: string): string {
  return config.S3_BUCKET ? `s3://${config.S3_BUCKET}/${folder}` : `${config.uploadsDir}/${folder}`;
}
