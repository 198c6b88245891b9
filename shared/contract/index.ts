export * from './app-error';
export * from './types';
export * from './methods';
export * from './events';
export * from './envelope';
export * from './packed-items';
export * from './event-interest-limits';
export * from './preload-api';
