export * from './locales.ts';
export * from './catalogues.ts';
export * from './translate.ts';
export * from './format.ts';
export * from './messages.ts';
export * from './zod-issues.ts';
