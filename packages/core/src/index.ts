export * from './corpus-lifecycle';
export * from './engagement-lifecycle';
export * from './errors';
export * from './ids';
export * from './money';
export * from './roles';
export * from './vocabulary';
