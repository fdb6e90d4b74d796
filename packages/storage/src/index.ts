export * from './store';
export * from './url';
export { createFilesystemStore } from './filesystem';
export { createS3Store } from './s3';
export { createObjectStore } from './select';
