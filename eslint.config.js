// Lint rules for wisp-eval. The engine gets an extra rule set: it must stay pure.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'results/', 'coverage/', 'snapshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The engine reaches the outside world only through its ports.
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:)?(fs|fs/promises|child_process|net|http|https|os|process)$',
              message: 'engine/ is pure: use a port',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'console', 'fetch', 'setTimeout'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'engine/ takes time from the Clock port' },
        { object: 'Math', property: 'random', message: 'engine/ takes ids from the Ids port' },
      ],
    },
  },
);
