export * from './reader';
export * from './rows';
export * from './models';
export * from './page';
