/** `npm run backup` and `npm run restore -- <file> [--force]` (server/app.ts routes the arguments here). */
import path from 'node:path'
import type { Env } from '../env.server.ts'
import { createBackup } from './backup.server.ts'
import { restoreBackup } from './restore.server.ts'

type Config = Pick<Env, 'DATABASE_URL' | 'STORAGE_DIR' | 'BACKUP_DIR' | 'BACKUP_KEEP'>

export async function backupCommand(config: Config, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
	const result = await createBackup(
		{ databaseUrl: config.DATABASE_URL, storageDir: config.STORAGE_DIR },
		{ backupDir: config.BACKUP_DIR, keep: config.BACKUP_KEEP },
	)
	const rows = Object.values(result.manifest.database.tables).reduce((sum, table) => sum + table.rows, 0)
	write(`Backup written: ${result.file} (${(result.bytes / 1024).toFixed(0)} KB; ${rows} rows, ${result.manifest.storage.files.length} stored files).`)
	if (result.deleted.length)
		write(`Deleted ${result.deleted.length} older backup(s), keeping ${config.BACKUP_KEEP}: ${result.deleted.map((file) => path.basename(file)).join(', ')}`)
}

export async function restoreCommand(config: Config, argv: string[], write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
	const index = argv.indexOf('--restore')
	const file = argv.slice(index + 1).find((arg) => !arg.startsWith('--'))
	if (!file)
		throw new Error(
			'Usage: npm run restore -- <backup file> [--force]   (stop the server first; --force replaces a non-empty installation after backing it up)',
		)
	const result = await restoreBackup(
		file,
		{ databaseUrl: config.DATABASE_URL, storageDir: config.STORAGE_DIR },
		{ force: argv.includes('--force'), backupDir: config.BACKUP_DIR },
	)
	if (result.safetyBackup) write(`The installation that was there is saved in ${result.safetyBackup}.`)
	write(
		`Restored ${path.basename(file)} (taken ${result.manifest.createdAt}): ${result.tables} tables, ${result.rows} rows and ${result.files} stored files, checked against the backup. Start the server; it migrates the database if this version is newer.`,
	)
}
