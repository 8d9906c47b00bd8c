import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{ ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
		rules: {
			...reactHooks.configs.recommended.rules,
			...jsxA11y.flatConfigs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'no-restricted-imports': [
				'error',
				{ patterns: [{ group: ['**/*.server', '**/*.server.ts'], importNames: ['default'], message: 'Server modules are imported by name.' }] },
			],
		},
	},
	// Layer boundaries (docs/architecture.md): the domain is plain TypeScript, the server never
	// reaches into routes, and what runs in the browser never pulls in server code.
	{
		files: ['app/domain/**', 'app/features/*/domain/**'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', '~/server/*', '~/routes/*', '~/components/*', '**/server/**', '**/routes/**', '**/components/**', '**/*.server', '**/*.server.ts'],
							message: 'The domain is plain TypeScript: no React, no HTTP, no database (docs/architecture.md).',
						},
					],
				},
			],
		},
	},
	{
		files: ['app/server/**', 'app/features/*/server/**', 'server/**'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{ patterns: [{ group: ['~/routes/*', '**/app/routes/**', '../routes/*', '../../routes/*'], message: 'Server code never imports a route module (docs/architecture.md).' }] },
			],
		},
	},
	{
		files: ['app/components/**', 'app/features/*/components/**', 'app/lib/**'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['~/server/*', '~/features/*/server/*', '**/*.server', '**/*.server.ts', '~/routes/*'],
							allowTypeImports: true,
							message: 'Components and shared helpers run in the browser: import server code only as types (docs/architecture.md).',
						},
					],
				},
			],
		},
	},
	{
		// Migrations describe the schema as it was: they must never import app code.
		files: ['db/migrations/**'],
		rules: { 'no-restricted-imports': ['error', { patterns: ['~/*', '../../app/*'] }] },
	},
)
