// Lint for the whole repo (`npm run lint`, part of `npm test`): typescript-eslint's recommended rules
// (syntax only, no type information: `npm run typecheck` does the type checking), React's hooks rules for
// the renderer, and the layer boundaries below, enforced by eslint-plugin-boundaries.
// The per-layer tsconfigs (tsconfig.*.json) mirror LAYERS: scripts/layers.test.ts checks that they agree.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

const ANY = '*';

/**
 * THE LAYER TABLE: who may import whom. Edit here; when a layer's folders or files change, change the
 * tsconfig its `tsconfig` names too (scripts/layers.test.ts fails until both agree).
 *
 * - `folders`: folders from the repo root; every file below one belongs to the layer.
 * - `files`: file globs from the repo root. A file matched here belongs to this layer whatever its folder
 *   (a test in renderer/ is a `test`); the first row whose `files` match wins.
 * - `mayImport`: the other layers it may import (its own layer always); ANY = every local file.
 * - `mayImportTypes`: layers it may take types from (`import type`) and nothing else.
 * - `production`: shipped code. Production code may import no test, test support, e2e, bench or
 *   config file, and no test library.
 * - `electron`: may import the `electron` package (only the Electron entry points and desktop helpers).
 * - `nodeBuiltins: false`: may not import Node's built-in modules (`node:*`).
 * - `tsconfig`: tsconfig.<name>.json type-checks the layer's files; its `lib`/`types` are the layer's runtime.
 */
export const LAYERS = [
  { name: 'test', files: ['**/*.test.ts', '**/*.test.tsx'], mayImport: ANY, tsconfig: 'tests' },
  { name: 'test-support', folders: ['test-support'], mayImport: ANY, tsconfig: 'tests' },
  { name: 'config', files: ['*.config.ts', '*.config.mts', '*.config.mjs', 'renderer/vite.config.mts'], mayImport: ANY, tsconfig: 'tests' },
  { name: 'e2e-fixtures', folders: ['e2e/fixtures'], mayImport: ANY, tsconfig: 'tests' },
  // Specs and page objects.
  { name: 'e2e', folders: ['e2e'], mayImport: ['e2e-fixtures'], mayImportTypes: ['shared'], tsconfig: 'tests' },
  { name: 'bench', folders: ['bench'], mayImport: ANY, tsconfig: 'tests' },

  { name: 'shared', folders: ['shared'], mayImport: [], production: true, nodeBuiltins: false, tsconfig: 'shared' },
  { name: 'engine', folders: ['electron/engine'], mayImport: ['shared'], production: true, tsconfig: 'node' },
  { name: 'cli', folders: ['electron/cli'], mayImport: ['engine', 'host', 'shared'], production: true, tsconfig: 'node' },
  // What the hosts share (Electron, browser mode and the CLI): call envelope, event interest, CSP, page files, options.
  { name: 'host', folders: ['electron/host'], mayImport: ['engine', 'shared'], production: true, tsconfig: 'node' },
  // Browser mode.
  { name: 'bridge', folders: ['electron/bridge'], mayImport: ['engine', 'host', 'shared'], production: true, tsconfig: 'node' },
  // Electron-only helpers.
  { name: 'desktop', folders: ['electron/desktop'], mayImport: ['engine', 'host', 'shared'], production: true, tsconfig: 'electron' },
  {
    name: 'entry',
    files: ['electron/main.ts', 'electron/preload.ts'],
    mayImport: ['engine', 'host', 'desktop', 'shared'],
    production: true,
    electron: true,
    tsconfig: 'electron'
  },
  { name: 'renderer', folders: ['renderer'], mayImport: ['shared'], production: true, nodeBuiltins: false, tsconfig: 'renderer' },
  { name: 'reference-server', folders: ['reference-server'], mayImport: ['shared'], production: true, tsconfig: 'node' },
  { name: 'scripts', folders: ['scripts'], mayImport: [], production: true, tsconfig: 'node' }
];

/** Packages only tests may use. */
const TEST_LIBRARIES = ['vitest', 'vitest/**', '@playwright/test', 'happy-dom', '@testing-library/*', '@axe-core/playwright'];

// A row's files are a file category; its folders are an element type. Selectors match either.
const namesOf = (predicate) => [...new Set(LAYERS.filter(predicate).map((layer) => layer.name))];
const hasFolders = (name) => LAYERS.some((layer) => layer.name === name && layer.folders);
const hasFiles = (name) => LAYERS.some((layer) => layer.name === name && layer.files);
function layersSelector(names) {
  const selector = [];
  const types = names.filter(hasFolders);
  const categories = names.filter(hasFiles);
  if (types.length > 0) selector.push({ element: { type: types } });
  if (categories.length > 0) selector.push({ file: { categories } });
  return selector;
}

const LOCAL = { module: { origin: 'local' } };
const allowEverything = namesOf((layer) => layer.mayImport === ANY);

const boundaryPolicies = [
  // Local imports: each layer reaches itself and what its row names; everything else is refused (default).
  ...namesOf((layer) => layer.mayImport !== ANY).map((name) => {
    const rows = LAYERS.filter((layer) => layer.name === name);
    return { from: layersSelector([name]), allow: { to: layersSelector([name, ...rows.flatMap((layer) => layer.mayImport)]) } };
  }),
  ...LAYERS.filter((layer) => layer.mayImportTypes).map((layer) => ({
    from: layersSelector([layer.name]),
    allow: { to: layersSelector(layer.mayImportTypes), dependency: { kind: 'type' } }
  })),
  // Packages and Node's built-in modules: allowed, except for the refusals below (the last matching policy wins).
  { from: { module: { origin: 'local' } }, allow: { to: { module: { origin: ['external', 'core'] } } } },
  {
    from: layersSelector(namesOf((layer) => layer.production)),
    disallow: { to: layersSelector(namesOf((layer) => !layer.production)) },
    message: 'production code may not import tests, test support, e2e, bench or config files'
  },
  {
    from: layersSelector(namesOf((layer) => layer.production)),
    disallow: { to: { module: { source: TEST_LIBRARIES } } },
    message: 'production code may not import a test library'
  },
  {
    from: layersSelector(namesOf((layer) => layer.production && !layer.electron)),
    disallow: { to: { module: { source: 'electron' } } },
    message: "only the shell (electron/main.ts, electron/preload.ts) may import 'electron'"
  },
  {
    from: layersSelector(namesOf((layer) => layer.nodeBuiltins === false)),
    disallow: { to: { module: { origin: 'core' } } },
    message: "this layer runs without Node: it may not import Node's built-in modules"
  },
  // Last, so that it wins for a test inside a production folder: tests, test support and the like take anything.
  { from: layersSelector(allowEverything), allow: { to: [LOCAL, { module: { origin: ['external', 'core'] } }] } }
];

export default tseslint.config(
  {
    ignores: ['dist/', 'test-results/', 'playwright-report/', 'conformance-results/', 'bench/results/', 'coverage/']
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // The code's convention for a deliberately unused binding (a rest sibling, a fixture asked for its setup).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }
      ],
      // A `let` that closures read before its one assignment (a server's handlers before it listens) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }]
    }
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node }
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Only says that React Compiler would skip a component using such a library (TanStack Virtual);
      // the app is not built with React Compiler, so there is nothing to act on.
      'react-hooks/incompatible-library': 'off'
    }
  },
  {
    // Every visible string comes from the message catalogs (renderer/i18n): JSX text and the attributes a user
    // reads or hears are flagged when they are literal.
    files: ['renderer/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['title', 'aria-label', 'aria-description', 'aria-valuetext', 'placeholder', 'alt', 'label'] },
          // Numbers, punctuation, constants and symbols (×, …, ☀, ↻) are no words to translate.
          words: { exclude: ['[0-9!-/:-@[-`{-~]+', '[A-Z_-]+', '[\\s\\u00B7\\u00D7\\u2000-\\u2BFF]+'] },
          'should-validate-template': true
        }
      ]
    }
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': LAYERS.filter((layer) => layer.folders).map((layer) => ({ type: layer.name, pattern: layer.folders, partialMatch: false })),
      'boundaries/files': LAYERS.filter((layer) => layer.files).map((layer) => ({ category: layer.name, pattern: layer.files })),
      'boundaries/elements-single-match': true,
      'boundaries/files-single-match': true,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.d.mts', '.mjs', '.js', '.d.ts'] } }
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies: boundaryPolicies }]
    }
  }
);
