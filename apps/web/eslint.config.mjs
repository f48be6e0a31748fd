import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // contracts carry class-validator decorators: the browser takes their types only
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@quotebook/contracts',
              message: 'Use `import type` from @quotebook/contracts: its runtime code is server-side.',
              allowTypeImports: true,
            },
            { name: '@mui/icons-material', message: 'Import each icon from its own path (@mui/icons-material/Name).' },
            { name: 'react-router-dom', message: 'Use react-router.' },
          ],
          patterns: [
            { group: ['class-validator', 'class-transformer'], message: 'Server-side validation stays out of the browser bundle.' },
          ],
        },
      ],
    },
  },
  {
    // this file extends the workspace config, which lies outside the project on purpose
    files: ['**/eslint.config.mjs'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
