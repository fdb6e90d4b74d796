export * from './queues';
export * from './progress';
export * from './producer';
export * from './redis-calls';
export * from './job-leases';
export * from './sweep-lock';
export * from './worker-metrics-relay';
