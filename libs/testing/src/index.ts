export * from './database';
export * from './stack';
