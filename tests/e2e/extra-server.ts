import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { productionEnv } from './production-server.ts'

/**
 * Starts another copy of the production build with its own environment (for
 * configurations the main e2e server does not have), on a fresh SQLite file.
 */
export async function startExtraServer(name: string, port: number, env: Record<string, string>) {
	const dir = path.resolve(`data/e2e-${name}`)
	fs.rmSync(dir, { recursive: true, force: true })
	fs.mkdirSync(dir, { recursive: true })
	const child: ChildProcess = spawn(process.execPath, ['server/start.js'], {
		stdio: ['ignore', 'ignore', 'inherit'],
		env: {
			...productionEnv(dir, port),
			SESSION_SECRET: 'e2e-extra-session-secret-long-enough-0123456789',
			IDENTITY_API_KEY: 'e2e-extra-identity-api-key-0123456789',
			SEED_DEMO_DATA: 'true',
			LOG_LEVEL: 'silent',
			...env,
		},
	})
	for (let i = 0; i < 150; i++) {
		try {
			if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	return {
		url: `http://localhost:${port}`,
		stop: async () => {
			const exited = new Promise((resolve) => child.once('exit', resolve))
			child.kill('SIGTERM')
			await exited
		},
	}
}

/** The app's Razorpay settings pointing at a Razorpay stand-in (its keys and address). */
export function razorpayEnv(keys: { keyId: string; keySecret: string; webhookSecret: string }, standInUrl: string): Record<string, string> {
	return {
		RAZORPAY_KEY_ID: keys.keyId,
		RAZORPAY_KEY_SECRET: keys.keySecret,
		RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
		RAZORPAY_API_BASE_URL: standInUrl,
		RAZORPAY_CHECKOUT_SCRIPT_URL: `${standInUrl}/v1/checkout.js`,
	}
}
