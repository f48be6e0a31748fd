export * from './database';
export * from './stack';
export * from './images';
export * from './pages';
export * from './document-files';
