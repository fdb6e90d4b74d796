export * from './client';
export * from './provider';
export * from './migrate';
export * from './repositories';
export * from './sqlite-busy';
