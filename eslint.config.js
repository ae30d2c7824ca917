import neostandard, { plugins } from 'neostandard'

export default [
  ...neostandard({
    ts: true,
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'tools/kafka/target/**', '.services/**']
  }),
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
