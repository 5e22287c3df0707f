export * from './client/index';
export * from './contract/index';
export * from './rules/index';
