// The webpack build of a NestJS app (gateway and services): one bundle of the app and the workspace
// libraries, node_modules left external, written to dist/apps/<name>.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { basename, join } = require('node:path');

module.exports = function nestAppWebpackConfig(appDir) {
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
      }),
    ],
  };
};
