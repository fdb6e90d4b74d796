export * from './store';
export * from './url';
export { createFilesystemStore } from './filesystem';
export { createObjectStore, createS3Store } from './select';
