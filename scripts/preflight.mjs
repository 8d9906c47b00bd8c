#!/usr/bin/env node
// @ts-check
// First step of `npm test`: everything the test run needs outside npm (Chromium, nginx, openssl, the
// PostgreSQL client tools, pdftotext) is here, or it is installed now with apt-get when this can (as
// root, or through sudo without a password), or one line says the one command that installs it,
// instead of failing after minutes of other tests. Checking alone takes well under a second.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** @param {string} file */
function executable(file) {
	try {
		fs.accessSync(file, fs.constants.X_OK)
		return fs.statSync(file).isFile()
	} catch {
		return false
	}
}

/** @param {string} name @param {string[]} extraDirs */
function onPath(name, extraDirs = []) {
	const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...extraDirs]
	return dirs.some((dir) => executable(path.join(dir, name)))
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const nginx = process.env.NGINX_PATH
const tools = () => [
	{ name: 'Chromium', debian: 'chromium', found: executable(chromium) },
	{ name: 'nginx', debian: 'nginx', found: nginx ? executable(nginx) : onPath('nginx', ['/usr/sbin']) },
	{ name: 'openssl', debian: 'openssl', found: onPath('openssl') },
	// Backups and restores on PostgreSQL (restore runs the dump through psql).
	{ name: 'pg_dump', debian: 'postgresql-client', found: onPath('pg_dump') && onPath('pg_restore') && onPath('psql') },
	// Voucher PDFs are read back as text (₹, confirmation numbers, Indian scripts).
	{ name: 'pdftotext', debian: 'poppler-utils', found: onPath('pdftotext') },
]

/**
 * How to run apt-get here, or null: directly as root, through `sudo -n` when sudo
 * needs no password, else not at all (and without apt-get, not at all).
 * @returns {string[] | null}
 */
function installer() {
	if (!onPath('apt-get')) return null
	if (typeof process.getuid !== 'function' || process.getuid() === 0) return []
	if (!onPath('sudo')) return null
	return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo', '-n'] : null
}

/** @param {string[]} prefix @param {string[]} args */
function apt(prefix, args) {
	const [command = 'apt-get', ...rest] = [...prefix, 'apt-get', ...args]
	// Its output goes to stderr: npm test's own output stays the tests'.
	const result = spawnSync(command, rest, { stdio: ['ignore', 2, 2], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
	return result.status === 0
}

let missing = tools().filter((tool) => !tool.found)
const packages = () => [...new Set(missing.map((tool) => tool.debian))].join(' ')
if (missing.length) {
	const prefix = installer()
	if (prefix) {
		process.stderr.write(
			`npm test needs ${missing.map((tool) => tool.name).join(', ')}: installing (${[...prefix, 'apt-get'].join(' ')} install -y ${packages()})\n`,
		)
		if (apt(prefix, ['update', '-qq']) && apt(prefix, ['install', '-y', '-qq', ...packages().split(' ')])) missing = tools().filter((tool) => !tool.found)
	}
}
if (missing.length) {
	const sudo = typeof process.getuid === 'function' && process.getuid() !== 0 ? 'sudo ' : ''
	process.stderr.write(
		`npm test needs ${missing.map((tool) => tool.name).join(', ')}: install with \`${sudo}apt-get install -y ${packages()}\`${missing.some((tool) => tool.name === 'Chromium') ? ` (or point CHROMIUM_PATH at a Chromium; looked at ${chromium})` : ''}\n`,
	)
	process.exit(1)
}
