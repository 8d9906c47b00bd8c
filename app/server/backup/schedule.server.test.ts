import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { listBackups } from './backup.server.ts'
import { startBackupSchedule } from './schedule.server.ts'

describeEachDatabase('scheduled backups', (get) => {
	it('takes the first backup soon after start when there is none, keeping BACKUP_KEEP', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-schedule-'))
		try {
			const stop = startBackupSchedule(
				{ DATABASE_URL: get().url, STORAGE_DIR: path.join(dir, 'storage'), BACKUP_DIR: path.join(dir, 'backups'), BACKUP_EVERY: 3_600_000, BACKUP_KEEP: 3, NODE_ENV: 'production' },
				50,
			)
			for (let i = 0; i < 200 && listBackups(path.join(dir, 'backups')).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50))
			stop()
			expect(listBackups(path.join(dir, 'backups'))).toHaveLength(1)
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})

	it('does nothing when BACKUP_EVERY is off', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andaman-schedule-'))
		const stop = startBackupSchedule({ DATABASE_URL: get().url, STORAGE_DIR: dir, BACKUP_DIR: path.join(dir, 'backups'), BACKUP_EVERY: null, BACKUP_KEEP: 3, NODE_ENV: 'test' }, 10)
		await new Promise((resolve) => setTimeout(resolve, 200))
		stop()
		expect(listBackups(path.join(dir, 'backups'))).toHaveLength(0)
		fs.rmSync(dir, { recursive: true, force: true })
	})
})
