export * from './api';
export * from './api-error';
export * from './http-client';
export * from './query-string';
