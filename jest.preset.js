// Shared Jest settings: SWC with legacy decorators and decorator metadata (NestJS needs both).
const path = require('node:path');
const { pathsToModuleNameMapper } = require('./tools/jest/paths');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
          // resolves @quotebook/* at transform time, so files Jest loads outside its module
          // registry (globalSetup) find the libraries too
          baseUrl: __dirname,
          paths: require('./tsconfig.base.json').compilerOptions.paths,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // published as ES modules only (sanitize-html's HTML parser, @fastify/static's content-disposition): compiled like our own code
  transformIgnorePatterns: [
    '/node_modules/(?!(sanitize-html/node_modules/|@fastify/static/node_modules/)?(htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities|content-disposition)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(path.join(__dirname, 'tsconfig.base.json')),
};
