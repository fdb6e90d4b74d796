export * from './audit-log-writer';
export * from './engagement-ledger';
export * from './gateways';
