// Starts the production build for browser tests on a fresh SQLite database with demo data.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const dir = path.resolve('data/e2e')
fs.rmSync(dir, { recursive: true, force: true })
fs.mkdirSync(dir, { recursive: true })

const child = spawn(process.execPath, ['server/start.js'], {
	stdio: 'inherit',
	env: {
		...process.env,
		NODE_ENV: 'production',
		PORT: process.env.E2E_PORT ?? '3210',
		SITE_URL: `http://localhost:${process.env.E2E_PORT ?? '3210'}`,
		DATABASE_URL: `file:${path.join(dir, 'app.db')}`,
		IMAGE_CACHE_DIR: path.join(dir, 'image-cache'),
		STORAGE_DIR: path.join(dir, 'storage'),
		SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
		// tests/e2e/identity-sdk.spec.ts passes the same key to the firebase SDK.
		IDENTITY_API_KEY: 'e2e-identity-api-key-0123456789',
		SEED_DEMO_DATA: 'true',
		// The whole suite books and enquires from this one machine: more than a family would in an hour.
		// The limit itself is tested in app/server/public-form-limit.server.test.ts.
		PUBLIC_FORM_LIMIT: '1000',
		ENABLE_TEST_ROUTES: 'true',
		LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
	},
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'))
child.on('exit', (code) => process.exit(code ?? 0))
