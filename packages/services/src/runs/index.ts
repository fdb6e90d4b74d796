export * from './executive-summary';
export * from './methodology';
export * from './options';
export * from './presenter';
export * from './service';
export * from './portfolio-recompute';
export * from './run-failure';
