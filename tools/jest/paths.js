// Maps the tsconfig path aliases (@quotebook/*) to source files for Jest.
const fs = require('node:fs');
const path = require('node:path');

function pathsToModuleNameMapper(tsconfigFile) {
  const { compilerOptions } = JSON.parse(fs.readFileSync(tsconfigFile, 'utf8'));
  const root = path.dirname(tsconfigFile);
  const mapper = {};
  for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
    mapper[`^${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`] = path.join(root, target);
  }
  return mapper;
}

module.exports = { pathsToModuleNameMapper };
