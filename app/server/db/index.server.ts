import { env } from '../env.server.ts'
import { type DB, migrateToLatest, openDatabase } from './client.server.ts'

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
		await migrateToLatest(opened)
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
