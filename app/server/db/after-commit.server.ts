import type { DatabaseConnection, Dialect, Driver } from 'kysely'
import { logger } from '../logger.server.ts'
import type { Executor } from './client.server.ts'

/**
 * Work that must wait until a transaction's writes are visible to everyone else, such as telling
 * this process's page cache to drop what it holds (docs/decisions/175-…). Kysely has no commit
 * hook, so every database we open wraps its driver (`withAfterCommit`): a transaction's
 * connection carries the callbacks registered inside it, run once its COMMIT has returned and
 * dropped when it rolls back.
 */
const pending = new WeakMap<DatabaseConnection, Array<() => void>>()

/** Runs `callback` once the transaction `executor` belongs to has committed; at once when it is not a transaction. */
export async function afterCommit(executor: Executor, callback: () => void): Promise<void> {
	if (!executor.isTransaction) return runSafely(callback)
	// Inside a transaction the executor always hands out the transaction's own connection.
	const connection = await executor.getExecutor().provideConnection(async (current) => current)
	const callbacks = pending.get(connection)
	if (callbacks) callbacks.push(callback)
	else pending.set(connection, [callback])
}

function runSafely(callback: () => void) {
	try {
		callback()
	} catch (error) {
		logger.warn({ msg: 'after-commit callback failed', error })
	}
}

function takePending(connection: DatabaseConnection): Array<() => void> {
	const callbacks = pending.get(connection) ?? []
	pending.delete(connection)
	return callbacks
}

function withCommitHooks(driver: Driver): Driver {
	return {
		init: () => driver.init(),
		acquireConnection: () => driver.acquireConnection(),
		beginTransaction: (connection, settings) => {
			takePending(connection)
			return driver.beginTransaction(connection, settings)
		},
		async commitTransaction(connection) {
			try {
				await driver.commitTransaction(connection)
			} catch (error) {
				takePending(connection)
				throw error
			}
			for (const callback of takePending(connection)) runSafely(callback)
		},
		async rollbackTransaction(connection) {
			takePending(connection)
			await driver.rollbackTransaction(connection)
		},
		// Callbacks registered after a savepoint that is rolled back still run: harmless for ours (an extra cache clear).
		savepoint: driver.savepoint?.bind(driver),
		rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
		releaseSavepoint: driver.releaseSavepoint?.bind(driver),
		releaseConnection: (connection) => driver.releaseConnection(connection),
		destroy: () => driver.destroy(),
	}
}

/** The dialect with commit hooks on its driver: `openDatabase` wraps every database in it. */
export function withAfterCommit(dialect: Dialect): Dialect {
	return {
		createDriver: () => withCommitHooks(dialect.createDriver()),
		createQueryCompiler: () => dialect.createQueryCompiler(),
		createAdapter: () => dialect.createAdapter(),
		createIntrospector: (db) => dialect.createIntrospector(db),
	}
}
