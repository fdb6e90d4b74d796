// STORAGE_URL: where the object store is. Unset: the filesystem under DATA_DIR. Otherwise
// s3://<bucket>[/<prefix>][?endpoint=<http(s) URL>&region=<region>&path_style=true|false], for AWS S3
// or any store that speaks its protocol (MinIO, Ceph, R2...). Credentials are not part of it: the
// AWS SDK reads them from the usual places (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile,
// an instance role).
import { checkedKey } from './store';

export interface S3Location {
  bucket: string;
  /** Prepended to every key ("tenant-a" stores corpus/... as tenant-a/corpus/...); '' for none. */
  prefix: string;
  /** null: AWS S3 itself. */
  endpoint: string | null;
  /** null: the SDK's default (AWS_REGION). */
  region: string | null;
  /** Bucket in the path, not the host name: what self-hosted stores need (default with an endpoint). */
  forcePathStyle: boolean;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PARAMETERS = ['endpoint', 'region', 'path_style'];

export class StorageUrlError extends Error {}

export function parseStorageUrl(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StorageUrlError('STORAGE_URL must be a URL: s3://bucket/prefix?endpoint=...&region=...');
  }
  if (url.protocol !== 's3:') throw new StorageUrlError('STORAGE_URL must start with s3://');
  if (url.username || url.password) {
    throw new StorageUrlError(
      'STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new StorageUrlError(`STORAGE_URL names no valid bucket ("${bucket}")`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix !== '') {
    try {
      checkedKey(prefix);
    } catch {
      throw new StorageUrlError(
        'STORAGE_URL prefix may hold only letters, digits and . _ ~ - between slashes',
      );
    }
  }
  const unknown = [...url.searchParams.keys()].filter((name) => !PARAMETERS.includes(name));
  if (unknown.length > 0) {
    throw new StorageUrlError(
      `STORAGE_URL has unknown parameters: ${unknown.join(', ')} (known: ${PARAMETERS.join(', ')})`,
    );
  }
  const endpoint = url.searchParams.get('endpoint')?.replace(/\/+$/, '') || null;
  if (endpoint !== null && !/^https?:\/\/[^/?#]+$/.test(endpoint)) {
    throw new StorageUrlError('STORAGE_URL endpoint must be an http(s) URL with no path');
  }
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new StorageUrlError('STORAGE_URL path_style must be true or false');
  }
  return {
    bucket,
    prefix,
    endpoint,
    region: url.searchParams.get('region') || null,
    forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true',
  };
}
