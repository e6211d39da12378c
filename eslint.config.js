import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import globals from 'globals'

/**
 * Which way dependencies point (DESIGN "Layout"): each zone names a folder and the folders it may
 * not import from. `import-x/no-cycle` forbids import cycles anywhere.
 */
const src = (...names) => names.map((name) => `./src/${name}`)
const all = ['contract', 'domain', 'api', 'machines', 'forms', 'ui', 'i18n', 'views', 'app']
const except = (...allowed) => src(...all.filter((name) => !allowed.includes(name)))

const layers = [
  { target: './src/contract', from: [...except('contract'), './server'], message: 'The contract depends on zod only.' },
  {
    target: './src/domain',
    from: [...except('domain', 'contract'), './server'],
    message: 'Shared rules are pure: no HTTP, no React, no charts.',
  },
  {
    target: './src/api',
    from: ['./src/machines', './src/views', './src/app', './src/ui', './src/forms', './server'],
    message: 'The API client knows no charts or screens.',
  },
  {
    target: './src/machines',
    from: ['./src/views', './src/app', './src/ui', './src/forms', './server'],
    message: 'Charts know no screens.',
  },
  {
    target: './src/ui',
    from: ['./src/views', './src/app', './src/machines', './src/api', './src/forms', './src/i18n', './server'],
    message: 'The UI kit knows no charts, HTTP, i18n or screens.',
  },
  {
    target: './src/forms',
    from: ['./src/views', './src/app', './src/machines', './src/api', './server'],
    message: 'Form fields know no charts or screens.',
  },
  {
    target: './src/views',
    from: ['./src/app', './src/api', './server'],
    message: 'Screens reach the API through a chart and never import the app.',
  },
  { target: './src/i18n', from: [...except('i18n', 'contract'), './server'], message: 'The catalogue depends on nothing but its files.' },
  {
    target: './server',
    from: ['./src/machines', './src/api', './src/views', './src/app', './src/ui', './src/forms'],
    message: 'The server shares the contract, the domain rules and the messages only.',
  },
]

export default tseslint.config(
  { ignores: ['dist/', 'styled-system/', 'node_modules/', 'data/', 'server/db/migrations/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // an empty interface extending one type is how a module adds its messages to the catalogue's type
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layers }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['ofetch'] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useSelector'] > ArrowFunctionExpression.arguments:nth-child(2)[body.type='Identifier']",
          message: 'Select a slice of the snapshot (a selector of the chart), not the whole snapshot.',
        },
        {
          selector: 'CallExpression[callee.name=/^(useActorRef|useMachine)$/]',
          message: 'Start a chart with useChart (the app watches it).',
        },
      ],
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['react', 'react-dom', 'react-router', 'react-router-dom', '@xstate/react'] }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: ['react-i18next', 'i18next'] }] },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod(/mini)?$|\\./).*', message: 'The contract depends on zod only.' }] },
      ],
    },
  },
)
