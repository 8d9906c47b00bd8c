import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Measurement files run by `npm run bench`, never by `npx vitest run`.
export default defineConfig({
	resolve: { alias: { '~': fileURLToPath(new URL('../app', import.meta.url)), '#tests': fileURLToPath(new URL('../tests', import.meta.url)) } },
	test: { include: ['bench/**/*.perf.ts'], environment: 'node', pool: 'forks', testTimeout: 900_000 },
})
