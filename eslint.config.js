import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import portal from './lint/boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'cdk.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Imports run one way (lint/boundaries.js): lambdas/ never into infra/ or web/, web/ into the contract only.
  { files: ['lambdas/**', 'web/**'], plugins: { portal }, rules: { 'portal/boundaries': 'error' } },
);
