export * from './categories';
export * from './listings';
export * from './users';
export * from './zip-codes';
