export * from './config';
export * from './logger';
