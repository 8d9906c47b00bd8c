import path from 'node:path'
import { databaseKind } from './client.server.ts'
import { describeDatabaseError } from './health.server.ts'

/** DATABASE_URL without its password, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
	return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+):[^@]*@/, '$1:***@')
}

/**
 * The message that stops the server when its database cannot be opened or
 * migrated: names the setting and the file or server at fault, and what to do.
 */
export function describeStartupDatabaseFailure(url: string, error: unknown): string {
	const code = String((error as { code?: unknown } | null)?.code ?? '')
	const reason = describeDatabaseError(error)
	if (databaseKind(url) === 'sqlite') {
		const file = path.resolve(url.replace(/^file:/, ''))
		if (/^(EACCES|EROFS|EPERM|ENOTDIR|EEXIST)$/.test(code) || /^SQLITE_(READONLY|CANTOPEN)/.test(code)) {
			return `DATABASE_URL: cannot create or write the SQLite file ${file}: its folder ${path.dirname(file)} is missing or read-only (${code}). Point DATABASE_URL at a writable folder.`
		}
		return `DATABASE_URL: cannot use the SQLite file ${file}: ${reason}. Restore it from a backup or point DATABASE_URL elsewhere.`
	}
	return `DATABASE_URL: cannot use PostgreSQL at ${redactDatabaseUrl(url)}: ${reason}. Check that the server is running and reachable, and that the database exists.`
}
