import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
export const baseURL = `http://localhost:${port}`

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against
 * the production build, on a fresh SQLite database with demo data.
 */
export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: false,
	workers: 1,
	retries: process.env.CI ? 1 : 0,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	reporter: process.env.CI ? [['list']] : [['list']],
	use: {
		baseURL,
		trace: 'retain-on-failure',
		...devices['Desktop Chrome'],
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
		},
	},
	webServer: {
		command: 'node tests/e2e/start-server.mjs',
		url: `${baseURL}/healthz`,
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'ignore',
		stderr: 'pipe',
		env: { E2E_PORT: String(port) },
	},
})
