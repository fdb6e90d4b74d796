// A local S3-speaking server (s3rver) for the S3 storage backend, on a port of the system's
// choosing on loopback, keeping its objects in a temporary directory of its own. It checks request
// signatures against its fixed credentials, which `env` carries (and which this helper also puts
// into this process's environment, where the AWS SDK of an in-process store reads them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** A STORAGE_URL for the bucket, under `prefix`. */
  storageUrl(prefix?: string): string;
  /** The variables a process needs to reach the bucket. */
  env(prefix?: string): Record<string, string>;
  /** Where the server keeps the objects (<directory>/<bucket>/...), for tests that look inside. */
  directory: string;
  bucket: string;
  close(): Promise<void>;
}

const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

export async function startLocalS3(bucket = 'auditsvc-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  Object.assign(process.env, CREDENTIALS);
  const storageUrl = (prefix = '') =>
    `s3://${bucket}/${prefix}?endpoint=http://127.0.0.1:${port}&region=us-east-1&path_style=true`;
  return {
    storageUrl,
    env: (prefix = '') => ({ ...CREDENTIALS, STORAGE_URL: storageUrl(prefix) }),
    directory,
    bucket,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
