// The page's JavaScript, checked by ESLint in the test command (scripts/test.sh): ESLint's
// recommended rules (undefined names, unused variables, unreachable code, duplicate keys...)
// over ES modules in the webview, with the browser's globals. ESLint and its two packages are
// installed into the git-ignored .tools/ by scripts/install-deps.sh --test, as axe-core is, so
// they are imported from there.
import js from './.tools/node_modules/@eslint/js/src/index.js';
import globals from './.tools/node_modules/globals/index.js';

export default [
  js.configs.recommended,
  {
    files: ['ui/js/**/*.js', 'tests/lights/ui/js/**/*.js'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      'no-var': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
      'no-implicit-globals': 'error',
    },
  },
];
