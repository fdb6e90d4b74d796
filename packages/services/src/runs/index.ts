export * from './executive-summary';
export * from './executor';
export * from './finding-rows';
export * from './options';
export * from './service';
export * from './snapshot';
export * from './portfolio-recompute';
export * from './run-failure';
