/** Leave contracts: one module per group of payloads, all re-exported here. */
export * from './types.ts';
export * from './team-load.ts';
export * from './requests.ts';
export * from './calendar.ts';
export * from './balances.ts';
