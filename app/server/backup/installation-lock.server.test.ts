import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { newId } from '~/lib/ids.ts'
import { InstallationBusy, takeInstallationLock } from './installation-lock.server.ts'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-lock-test-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

/** The pid of a process that has ended. */
function deadPid(): number {
	const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
	return Number(child.stdout)
}

describe('installation lock [sqlite]', () => {
	it('is taken once: a second taker is refused and neither overwrites nor removes the holder’s lock', async () => {
		const database = path.join(fs.mkdtempSync(path.join(scratch, 'one-')), 'data', 'app.db')
		const url = `file:${database}`
		// Another live process holds it (the parent of this test process stands in for a running server).
		fs.mkdirSync(path.dirname(database), { recursive: true })
		fs.writeFileSync(`${database}.pid`, `${process.ppid}\nits-token\nserver\n`)
		const held = fs.readFileSync(`${database}.pid`, 'utf8')
		const exitHandlers = process.listenerCount('exit')
		await expect(takeInstallationLock(url, 'server')).rejects.toThrow(InstallationBusy)
		await expect(takeInstallationLock(url, 'server')).rejects.toThrow(`the server (process ${process.ppid}) is running on ${database}`)
		await expect(takeInstallationLock(url, 'restore')).rejects.toThrow(/server \(process \d+\) is running/)
		// Refused takers leave it as it was, and register nothing that would remove it when they exit.
		expect(fs.readFileSync(`${database}.pid`, 'utf8')).toBe(held)
		expect(process.listenerCount('exit')).toBe(exitHandlers)
	})

	it('is released by its holder only, and a lock left by a process that died is taken over', async () => {
		const database = path.join(fs.mkdtempSync(path.join(scratch, 'two-')), 'app.db')
		const url = `file:${database}`
		fs.writeFileSync(`${database}.pid`, `${deadPid()}\nold-token\nserver\n`)
		const server = await takeInstallationLock(url, 'server')
		const [pid, token, role] = fs.readFileSync(`${database}.pid`, 'utf8').split('\n')
		expect([Number(pid), role]).toEqual([process.pid, 'server'])
		expect(token).not.toBe('old-token')
		// A restore while it is held says so (the holder is this very process here, so the pid check is set aside by
		// handing the file to the parent process, as a running server would hold it).
		fs.writeFileSync(`${database}.pid`, `${process.ppid}\n${token}\nserver\n`)
		await expect(takeInstallationLock(url, 'restore')).rejects.toThrow(/Stop|running/)
		// Someone else's lock is not the holder's to remove, even with its token gone stale.
		fs.writeFileSync(`${database}.pid`, `${process.ppid}\nsomeone-else\nserver\n`)
		await server.release()
		expect(fs.existsSync(`${database}.pid`)).toBe(true)
		fs.writeFileSync(`${database}.pid`, `${process.pid}\n${token}\nserver\n`)
		await server.release()
		expect(fs.existsSync(`${database}.pid`)).toBe(false)
		// A restore holds it too: no server starts meanwhile.
		const restore = await takeInstallationLock(url, 'restore')
		fs.writeFileSync(`${database}.pid`, fs.readFileSync(`${database}.pid`, 'utf8').replace(String(process.pid), String(process.ppid)))
		await expect(takeInstallationLock(url, 'server')).rejects.toThrow(`a restore (process ${process.ppid}) is running on ${database}`)
		fs.writeFileSync(`${database}.pid`, fs.readFileSync(`${database}.pid`, 'utf8').replace(String(process.ppid), String(process.pid)))
		await restore.release()
		expect(fs.readdirSync(path.dirname(database))).toEqual([])
	})
})

describe.skipIf(!inject('postgresUrl'))('installation lock [postgres]', () => {
	it('servers share it; a restore is refused while one runs, and no server starts while a restore holds it', async () => {
		const adminUrl = inject('postgresUrl')!
		const name = `l_${newId(12).toLowerCase()}`
		const admin = new pg.Client({ connectionString: adminUrl })
		await admin.connect()
		await admin.query(`create database ${name}`)
		const url = adminUrl.replace(/\/[^/]*$/, `/${name}`)
		try {
			const first = await takeInstallationLock(url, 'server')
			const second = await takeInstallationLock(url, 'server')
			await expect(takeInstallationLock(url, 'restore')).rejects.toThrow(/holds the installation lock/)
			await first.release()
			await expect(takeInstallationLock(url, 'restore')).rejects.toThrow(/holds the installation lock/)
			await second.release()
			const restore = await takeInstallationLock(url, 'restore')
			await expect(takeInstallationLock(url, 'server')).rejects.toThrow('a restore is running on this database')
			await restore.release()
			const again = await takeInstallationLock(url, 'server')
			await again.release()
		} finally {
			await admin.query(`drop database if exists ${name} with (force)`)
			await admin.end()
		}
	})
})
