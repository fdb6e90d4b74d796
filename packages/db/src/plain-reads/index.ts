export * from './reader';
export * from './rows';
export * from './models';
