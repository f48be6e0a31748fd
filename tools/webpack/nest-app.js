// The webpack build of a NestJS app (gateway and services): one bundle of the app and the workspace
// libraries, node_modules left external, written to dist/apps/<name>.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { basename, join } = require('node:path');

/**
 * The @nestjs/swagger compiler plugin describes the request and response classes of libs/contracts
 * (properties, types, optionality, class-validator limits) and each controller route's return type,
 * so the OpenAPI document follows the TypeScript source and is never written a second time by hand.
 * A file is matched when its path contains one of the patterns.
 */
const OPENAPI_TRANSFORMER = {
  name: '@nestjs/swagger/plugin',
  options: {
    dtoFileNameSuffix: ['libs/contracts/src/'],
    controllerFileNameSuffix: ['.controller.ts'],
    classValidatorShim: true,
    introspectComments: true,
  },
};

/**
 * `openApi: true` runs the OpenAPI plugin (it needs the type checker, so it makes the build slower);
 * `assets`: files of the app copied beside main.js as they are (e.g. a worker thread's script).
 */
module.exports = function nestAppWebpackConfig(appDir, { openApi = false, assets = [] } = {}) {
  return {
    output: { path: join(__dirname, '../../dist/apps', basename(appDir)) },
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: false,
        sourceMap: true,
        transformers: openApi ? [OPENAPI_TRANSFORMER] : [],
        assets,
      }),
    ],
  };
};
