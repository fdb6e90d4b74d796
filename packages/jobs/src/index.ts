export * from './queues';
export * from './progress';
export * from './producer';
export * from './redis-calls';
