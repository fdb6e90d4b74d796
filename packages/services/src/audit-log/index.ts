export * from './presenter';
export * from './service';
export * from './signing';
