import nx from '@nx/eslint-plugin';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/vite.config.*.timestamp*', 'tmp', 'var'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'scope:shared',
              onlyDependOnLibsWithTags: ['scope:shared'],
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'react', 'react-dom', '@mui/*', 'pg', 'nats', 'ioredis'],
            },
            {
              // rules the browser loads at runtime: plain TypeScript, no framework, no server-side validation
              sourceTag: 'runtime:browser',
              onlyDependOnLibsWithTags: ['runtime:browser'],
              bannedExternalImports: [
                '@nestjs/*', 'typeorm', 'react', 'react-dom', '@mui/*', 'class-validator', 'class-transformer',
                'reflect-metadata', 'pg', 'nats', 'ioredis',
              ],
            },
            {
              sourceTag: 'scope:backend',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:backend'],
              bannedExternalImports: ['react', 'react-dom', '@mui/*'],
            },
            {
              sourceTag: 'scope:frontend',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:frontend'],
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'nats', 'ioredis', 'argon2'],
            },
            {
              sourceTag: 'type:e2e',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:testing'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.api-spec.ts', '**/*.spec.tsx', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // build and test-runner configuration, not application code: it may load shared helpers from tools/
    files: ['**/webpack.config.js', '**/playwright.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
