export * from './call';
export * from './categories';
export * from './common';
export * from './envelope';
export * from './health';
export * from './listings';
export * from './location';
export * from './photos';
