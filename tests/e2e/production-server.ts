import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * A production server of its own for a test that needs one (hardening.spec.ts,
 * server-limits.spec.ts): the build under `server/start.js`, a fresh SQLite
 * folder under data/e2e-hardening-<name>, demo data, and its stderr kept for
 * the test to read.
 */
export const identityKey = 'e2e-hardening-identity-api-key-0123456789'

/** What every extra production server runs with: production mode on its port, its own SQLite file and image cache in `dir`. */
export function productionEnv(dir: string, port: number): NodeJS.ProcessEnv {
	return {
		...process.env,
		NODE_ENV: 'production',
		PORT: String(port),
		SITE_URL: `http://localhost:${port}`,
		DATABASE_URL: `file:${path.join(dir, 'app.db')}`,
		IMAGE_CACHE_DIR: path.join(dir, 'image-cache'),
	}
}

export type ProductionServer = { port: number; dir: string; child: ChildProcess; exit: Promise<number | null>; stderr: () => string }

/** `prepare` runs on the fresh, empty folder before the server starts (to put a database file there, say). */
export async function startProductionServer(
	name: string,
	port: number,
	env: Record<string, string> = {},
	prepare?: (dir: string) => void,
): Promise<ProductionServer> {
	const dir = path.resolve(`data/e2e-hardening-${name}`)
	fs.rmSync(dir, { recursive: true, force: true })
	fs.mkdirSync(dir, { recursive: true })
	prepare?.(dir)
	const child = spawn(process.execPath, ['server/start.js'], {
		stdio: ['ignore', 'ignore', 'pipe'],
		env: {
			...productionEnv(dir, port),
			STORAGE_DIR: path.join(dir, 'storage'),
			SESSION_SECRET: 'e2e-hardening-session-secret-long-enough-0123456789',
			IDENTITY_API_KEY: identityKey,
			SEED_DEMO_DATA: 'true',
			LOG_LEVEL: 'warn',
			...env,
		},
	})
	let stderr = ''
	child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)))
	const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	for (let i = 0; i < 200 && child.exitCode === null; i++) {
		const up = await fetch(`http://127.0.0.1:${port}/healthz`)
			.then((response) => response.ok)
			.catch(() => false)
		if (up) return { port, dir, child, exit, stderr: () => stderr }
		await new Promise((resolve) => setTimeout(resolve, 150))
	}
	child.kill('SIGKILL')
	throw new Error(`server ${name} did not start:\n${stderr}`)
}

export async function stopProductionServer(server: ProductionServer) {
	if (server.child.exitCode === null) server.child.kill('SIGTERM')
	return server.exit
}
