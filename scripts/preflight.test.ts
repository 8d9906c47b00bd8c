import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'

const script = path.resolve('scripts/preflight.mjs')

function preflight(env: Record<string, string | undefined>) {
	const started = performance.now()
	const result = spawnSync(process.execPath, [script], { env: { ...env, HOME: os.tmpdir() }, encoding: 'utf8' })
	return { ...result, ms: performance.now() - started }
}

it('passes silently on a machine that has everything', () => {
	const result = preflight({ PATH: process.env.PATH })
	expect(result.stderr).toBe('')
	expect(result.status).toBe(0)
})

it('on a fresh machine says in one line, within a second, the one command that installs what is missing', () => {
	const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-'))
	try {
		const result = preflight({ PATH: empty, CHROMIUM_PATH: path.join(empty, 'chromium'), NGINX_PATH: path.join(empty, 'nginx') })
		expect(result.status).toBe(1)
		const lines = result.stderr.trimEnd().split('\n')
		expect(lines).toHaveLength(1)
		expect(lines[0]).toMatch(/apt-get install -y chromium nginx openssl postgresql-client poppler-utils`/)
		expect(lines[0]).toContain('CHROMIUM_PATH')
		expect(result.ms).toBeLessThan(1000)
	} finally {
		fs.rmSync(empty, { recursive: true, force: true })
	}
})

it('names only what is missing', () => {
	const result = preflight({ PATH: process.env.PATH, CHROMIUM_PATH: '/nowhere/chromium' })
	expect(result.status).toBe(1)
	expect(result.stderr).toMatch(/needs Chromium: install with `(sudo )?apt-get install -y chromium`/)
})

it('runs first in npm test, and CI runs exactly npm test', () => {
	const scripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts as Record<string, string>
	expect(scripts.test!.startsWith('node scripts/preflight.mjs && ')).toBe(true)
	expect(fs.readFileSync('.ci/run', 'utf8').trimEnd().split('\n').at(-1)).toBe('npm test')
})
