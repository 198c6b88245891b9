export * from './parse';
export * from './expand';
