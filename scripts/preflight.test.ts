import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'

const script = path.resolve('scripts/preflight.mjs')

function preflight(env: Record<string, string | undefined>, uid?: number) {
	return spawnSync(process.execPath, [script], { env: { ...env, HOME: os.tmpdir() }, encoding: 'utf8', uid })
}

const root = process.getuid?.() === 0
/** Not root: as root, the tests run the script as nobody. */
const notRoot = root ? 65534 : undefined

/**
 * A machine with none of the tools, whose apt-get (a stand-in) writes what it was asked into a log and,
 * asked to install, puts every tool in place; sudo (a stand-in) either runs its command or refuses.
 */
function bareMachine(sudo: 'none' | 'no-password' | 'asks-password') {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bare-'))
	const bin = path.join(dir, 'bin')
	fs.mkdirSync(bin)
	fs.chmodSync(dir, 0o777)
	fs.chmodSync(bin, 0o777)
	const log = path.join(dir, 'apt.log')
	fs.writeFileSync(log, '', { mode: 0o666 })
	fs.chmodSync(log, 0o666)
	const tools = ['chromium', 'nginx', 'openssl', 'pg_dump', 'pg_restore', 'psql', 'pdftotext']
	fs.writeFileSync(
		path.join(bin, 'apt-get'),
		`#!/bin/sh\necho "$(/usr/bin/id -u) $*" >> ${log}\nif [ "$1" = install ]; then for tool in ${tools.join(' ')}; do printf '#!/bin/sh\\n' > ${bin}/$tool; /bin/chmod 755 ${bin}/$tool; done; fi\n`,
		{ mode: 0o755 },
	)
	if (sudo !== 'none') {
		const body = sudo === 'no-password' ? '[ "$1" = -n ] && shift\n"$@"' : 'echo "sudo: a password is required" >&2\nexit 1'
		fs.writeFileSync(path.join(bin, 'sudo'), `#!/bin/sh\n${body}\n`, { mode: 0o755 })
	}
	return {
		env: { PATH: bin, CHROMIUM_PATH: path.join(bin, 'chromium'), NGINX_PATH: path.join(bin, 'nginx') },
		apt: () => fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean),
		remove: () => fs.rmSync(dir, { recursive: true, force: true }),
	}
}

it('passes silently on a machine that has everything', () => {
	const result = preflight({ PATH: process.env.PATH })
	expect(result.stderr).toBe('')
	expect(result.status).toBe(0)
})

it('on a fresh machine says in one line the one command that installs what is missing', () => {
	const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-'))
	try {
		const result = preflight({ PATH: empty, CHROMIUM_PATH: path.join(empty, 'chromium'), NGINX_PATH: path.join(empty, 'nginx') })
		expect(result.status).toBe(1)
		const lines = result.stderr.trimEnd().split('\n')
		expect(lines).toHaveLength(1)
		expect(lines[0]).toMatch(/apt-get install -y chromium nginx openssl postgresql-client poppler-utils`/)
		expect(lines[0]).toContain('CHROMIUM_PATH')
	} finally {
		fs.rmSync(empty, { recursive: true, force: true })
	}
})

it('names only what is missing (and says it when installing it did not help)', () => {
	const failing = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-failing-'))
	try {
		fs.writeFileSync(path.join(failing, 'apt-get'), '#!/bin/sh\nexit 100\n', { mode: 0o755 })
		const result = preflight({ PATH: `${failing}${path.delimiter}${process.env.PATH}`, CHROMIUM_PATH: '/nowhere/chromium' })
		expect(result.status).toBe(1)
		expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/needs Chromium: install with `(sudo )?apt-get install -y chromium`/)
	} finally {
		fs.rmSync(failing, { recursive: true, force: true })
	}
})

it.skipIf(!root)('as root on a bare machine, installs what is missing itself and goes on', () => {
	const machine = bareMachine('none')
	try {
		const result = preflight(machine.env)
		expect(result.stderr).toContain('installing (apt-get install -y chromium nginx openssl postgresql-client poppler-utils)')
		expect(result.status).toBe(0)
		expect(machine.apt()).toEqual(['0 update -qq', '0 install -y -qq chromium nginx openssl postgresql-client poppler-utils'])
	} finally {
		machine.remove()
	}
})

it('with sudo that needs no password, installs through it and goes on', () => {
	const machine = bareMachine('no-password')
	try {
		const result = preflight(machine.env, notRoot)
		expect(result.stderr).toContain('installing (sudo -n apt-get install -y chromium nginx openssl postgresql-client poppler-utils)')
		expect(result.status).toBe(0)
		expect(machine.apt().map((line) => line.replace(/^\d+ /, ''))).toEqual([
			'update -qq',
			'install -y -qq chromium nginx openssl postgresql-client poppler-utils',
		])
	} finally {
		machine.remove()
	}
})

it('when sudo asks for a password, installs nothing and prints the one line', () => {
	const machine = bareMachine('asks-password')
	try {
		const result = preflight(machine.env, notRoot)
		expect(result.status).toBe(1)
		const lines = result.stderr.trimEnd().split('\n')
		expect(lines).toHaveLength(1)
		expect(lines[0]).toMatch(/install with `sudo apt-get install -y chromium nginx openssl postgresql-client poppler-utils`/)
		expect(machine.apt()).toEqual([])
	} finally {
		machine.remove()
	}
})

it('runs first in npm test, and CI runs exactly npm test', () => {
	const scripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts as Record<string, string>
	expect(scripts.test!.startsWith('node scripts/preflight.mjs && ')).toBe(true)
	expect(fs.readFileSync('.ci/run', 'utf8').trimEnd().split('\n').at(-1)).toBe('npm test')
})
