export * from './api';
export * from './api-error';
export * from './device';
export * from './http-client';
export * from './memory-storage';
export * from './query-string';
export * from './session';
export * from './token-refresh';
