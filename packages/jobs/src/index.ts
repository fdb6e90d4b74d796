export * from './queues';
export * from './progress';
export * from './producer';
