import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Kept apart from vite.config.ts: the React Router plugin breaks component tests
// ("can't detect preamble"), and unit tests need none of it.
export default defineConfig({
	resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)), '#tests': fileURLToPath(new URL('./tests', import.meta.url)) } },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,js}', 'db/**/*.test.ts', 'scripts/**/*.test.ts'],
		environment: 'node',
		globalSetup: ['./tests/vitest-global-setup.ts'],
		testTimeout: 30_000,
		hookTimeout: 60_000,
		pool: 'forks',
		// Two cores: running more files at once only adds contention.
		maxWorkers: 2,
	},
})
