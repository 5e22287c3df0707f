export * from './account';
export * from './categories';
export * from './identity';
export * from './listings';
export * from './mail';
export * from './reports';
export * from './users';
export * from './zip-codes';
