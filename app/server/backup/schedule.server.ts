import path from 'node:path'
import type { Env } from '../env.server.ts'
import { logger } from '../logger.server.ts'
import { createBackup, newestBackupAgeSeconds } from './backup.server.ts'

/**
 * The server's own backups, every BACKUP_EVERY: the first one is due when the
 * newest archive in BACKUP_DIR is that old (or at once, a minute after start,
 * when there is none), so restarts never postpone backups indefinitely.
 * Returns a function that stops the schedule.
 */
export function startBackupSchedule(config: Pick<Env, 'DATABASE_URL' | 'STORAGE_DIR' | 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP' | 'NODE_ENV'>, firstDelayMs = 60_000) {
	const every = config.BACKUP_EVERY
	if (every === null) {
		if (config.NODE_ENV === 'production') logger.warn({ msg: 'no scheduled backups: set BACKUP_EVERY (e.g. 1d) or run npm run backup from cron' })
		return () => {}
	}
	let timer: NodeJS.Timeout | undefined
	let stopped = false
	const schedule = (delay: number) => {
		if (stopped) return
		timer = setTimeout(run, delay)
		timer.unref()
	}
	const run = async () => {
		const started = Date.now()
		try {
			const result = await createBackup({ databaseUrl: config.DATABASE_URL, storageDir: config.STORAGE_DIR }, { backupDir: config.BACKUP_DIR, keep: config.BACKUP_KEEP })
			logger.info({ msg: 'backup taken', file: path.basename(result.file), bytes: result.bytes, ms: Date.now() - started, deleted: result.deleted.map((file) => path.basename(file)) })
			schedule(every)
		} catch (error) {
			// Try again sooner than a full interval, but not in a tight loop.
			logger.error({ msg: 'scheduled backup failed', error })
			schedule(Math.min(every, 15 * 60_000))
		}
	}
	const age = newestBackupAgeSeconds(config.BACKUP_DIR)
	schedule(age === null ? firstDelayMs : Math.max(firstDelayMs, every - age * 1000))
	return () => {
		stopped = true
		clearTimeout(timer)
	}
}
