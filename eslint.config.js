import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Import patterns for the layer rules below (docs/architecture.md). */
const layers = {
	plainDomain: {
		group: [
			'react',
			'react/*',
			'react-dom',
			'react-dom/*',
			'react-router',
			'react-router/*',
			'~/server/**',
			'~/routes/**',
			'~/components/**',
			'~/features/*/server/**',
			'~/features/*/components/**',
			'**/server/**',
			'**/routes/**',
			'**/components/**',
			'**/*.server',
			'**/*.server.ts',
		],
		message: "A feature's domain is plain TypeScript: no React, no HTTP, no database, no UI; it may use any feature's domain (docs/architecture.md).",
	},
	noRoutes: {
		group: ['~/routes/**', '**/app/routes/**', '../routes/*', '../../routes/*'],
		message: 'Server code never imports a route module (docs/architecture.md).',
	},
	browserSafe: {
		group: ['~/server/**', '~/features/*/server/**', '**/server/**', '**/*.server', '**/*.server.ts', '~/routes/**'],
		allowTypeImports: true,
		message: 'Components and shared helpers run in the browser: import server code (and routes) only as types (docs/architecture.md).',
	},
	sharedOnly: {
		group: ['~/features/**', '**/features/**'],
		message:
			"Shared code (app/lib, app/server, app/components) is what every feature can reach, so it never imports a feature: move the piece into the feature, or the feature's piece into shared code (docs/architecture.md).",
	},
	databaseFirst: {
		// The sign-in guards (identity's auth.server.ts, the agent area's agent-auth.server.ts) read the session for a request, before any function runs, and are exempt below.
		group: ['~/server/db/index.server', '~/server/db/index.server.ts'],
		importNames: ['db'],
		message: 'Feature server code takes the database (or a transaction) as its first parameter; the route module passes db() (docs/architecture.md).',
	},
	withinFolder: {
		// Four levels up from app/features/<name>/<folder>/ leaves app/ (db/migrations has no alias).
		regex: '^\\.\\./(?!\\.\\./\\.\\./\\.\\./)',
		message:
			'Inside app/features a relative import stays in its folder: import other folders and features by their ~/features/<name>/… path (docs/architecture.md).',
	},
}

const serverModulesByName = { group: ['**/*.server', '**/*.server.ts'], importNames: ['default'], message: 'Server modules are imported by name.' }

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
			'no-restricted-imports': ['error', { patterns: [serverModulesByName] }],
		},
	},
	// Layer boundaries (docs/architecture.md, ADR 146). Each feature folder app/features/<name>/ holds
	// its rules (domain/), its data (server/) and its UI (components/); app/lib, app/server and
	// app/components hold what every feature shares, and so import no feature. Within each feature and across them the arrows
	// point down: the domain is plain TypeScript, server code never reaches into routes, and what runs
	// in the browser never pulls in server code. Features use each other's modules directly by their
	// ~/features/<name>/… path (no barrel files); a relative import never leaves its folder.
	{
		files: ['app/features/*/domain/**'],
		rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layers.plainDomain, layers.withinFolder] }] },
	},
	{
		files: ['app/features/*/server/**'],
		ignores: ['app/features/identity/server/auth.server.ts', 'app/features/agents/server/agent-auth.server.ts', '**/*.test.ts'],
		rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layers.noRoutes, layers.databaseFirst, layers.withinFolder] }] },
	},
	{
		files: ['app/features/identity/server/auth.server.ts', 'app/features/agents/server/agent-auth.server.ts', 'app/features/*/server/**/*.test.ts'],
		rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layers.noRoutes, layers.withinFolder] }] },
	},
	{
		files: ['app/server/**', 'server/**'],
		rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layers.noRoutes] }] },
	},
	{
		// The job list and the demo data put features together, as routes do; the rest of app/server is
		// shared. The plain rule, so that type imports count too (the TypeScript rule lets one pattern's
		// type exemption cover the others).
		files: ['app/server/**', 'app/components/**', 'app/lib/**'],
		ignores: ['app/server/jobs/background.server.ts', 'app/server/seed/**', '**/*.test.ts'],
		rules: { 'no-restricted-imports': ['error', { patterns: [serverModulesByName, layers.sharedOnly] }] },
	},
	{
		files: ['app/features/*/components/**'],
		rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layers.browserSafe, layers.withinFolder] }] },
	},
	{
		files: ['app/components/**', 'app/lib/**'],
		rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layers.browserSafe] }] },
	},

	{
		// A route module calls its feature's server code; it never builds a query of its own, so every
		// query is in the one module per area that talks to the database (its tests may set data up).
		files: ['app/routes/**'],
		ignores: ['app/routes/**/*.test.ts'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector:
						'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|transaction)$/]',
					message: "A route runs no query of its own: call (or add) a function in its feature's server code.",
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
