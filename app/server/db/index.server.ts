import { env } from '../env.server.ts'
import { databaseKind, type DB, migrateToLatest, migrationTimeouts, openDatabase } from './client.server.ts'

let instance: DB | undefined
let ready: Promise<DB> | undefined

/** The process-wide database, migrated. Start-up awaits `initDatabase()` first, so routes can call `db()`. */
export function db(): DB {
	if (!instance) throw new Error('Database used before initDatabase() finished')
	return instance
}

export function initDatabase(url: string = env().DATABASE_URL): Promise<DB> {
	ready ??= (async () => {
		const opened = openDatabase(url)
		if (databaseKind(url) === 'postgres') {
			// Migrations run on connections without the per-request deadlines (a long one may take minutes).
			const migrating = openDatabase(url, migrationTimeouts)
			try {
				await migrateToLatest(migrating)
			} finally {
				await migrating.destroy()
			}
		} else {
			await migrateToLatest(opened)
		}
		instance = opened
		return opened
	})()
	return ready
}

export async function closeDatabase(): Promise<void> {
	const current = instance
	instance = undefined
	ready = undefined
	await current?.destroy()
}
