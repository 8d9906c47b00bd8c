#!/usr/bin/env node
// @ts-check
// First step of `npm test`: in well under a second, either everything the test run needs outside
// npm is here (Chromium, nginx, openssl, the PostgreSQL client tools, pdftotext) or one line says the one
// command that installs what is missing, instead of failing after minutes of other tests.
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
const tools = [
	{ name: 'Chromium', debian: 'chromium', found: executable(chromium) },
	{ name: 'nginx', debian: 'nginx', found: nginx ? executable(nginx) : onPath('nginx', ['/usr/sbin']) },
	{ name: 'openssl', debian: 'openssl', found: onPath('openssl') },
	{ name: 'pg_dump', debian: 'postgresql-client', found: onPath('pg_dump') && onPath('pg_restore') },
	// Voucher PDFs are read back as text (₹, confirmation numbers, Indian scripts).
	{ name: 'pdftotext', debian: 'poppler-utils', found: onPath('pdftotext') },
]
const missing = tools.filter((tool) => !tool.found)
if (missing.length) {
	const sudo = typeof process.getuid === 'function' && process.getuid() !== 0 ? 'sudo ' : ''
	process.stderr.write(
		`npm test needs ${missing.map((tool) => tool.name).join(', ')}: install with \`${sudo}apt-get install -y ${missing.map((tool) => tool.debian).join(' ')}\`${missing.some((tool) => tool.name === 'Chromium') ? ` (or point CHROMIUM_PATH at a Chromium; looked at ${chromium})` : ''}\n`,
	)
	process.exit(1)
}
