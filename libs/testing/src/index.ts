export * from './database';
export * from './stack';
export * from './images';
export * from './pages';
export * from './document-files';
export * from './catalogue-rows';
export * from './principals';
export * from './redis-server';
