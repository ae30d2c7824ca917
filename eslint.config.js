import neostandard, { plugins } from 'neostandard'

export default [
  ...neostandard({
    ts: true,
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'tools/kafka/target/**', '.services/**']
  }),
  {
    // Long string and template literals (messages, SQL, GraphQL documents) may run past the limit; code may not.
    rules: {
      '@stylistic/max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }]
    }
  },
  {
    files: ['**/*.ts'],
    plugins: { n: plugins.n, '@typescript-eslint': plugins['typescript-eslint'].plugin },
    rules: {
      'n/prefer-node-protocol': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error'
    }
  }
]
