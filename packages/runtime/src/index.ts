export * from './config';
export * from './logger';
export * from './secrets';
export * from './log-context';
export * from './metrics';
