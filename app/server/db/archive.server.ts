import type { Transaction } from 'kysely'
import { nowIso } from '~/lib/dates.ts'
import { type Actor, recordAudit } from './audit.server.ts'
import type { Database } from './schema.ts'

/**
 * Archives (stamps `archived_at`) or restores one row, with its audit row `<prefix>.archive` or
 * `<prefix>.restore`. The caller has read and locked the row and knows the state changes.
 */
export async function setArchivedAt(
	trx: Transaction<Database>,
	actor: Actor,
	what: { table: 'itineraries' | 'saved_packages'; entity: string; prefix: string },
	id: string,
	archived: boolean,
): Promise<void> {
	const now = nowIso()
	await trx
		.updateTable(what.table)
		.set({ archived_at: archived ? now : null, updated_at: now })
		.where('id', '=', id)
		.execute()
	await recordAudit(trx, {
		actor,
		action: `${what.prefix}.${archived ? 'archive' : 'restore'}`,
		entity: what.entity,
		entityId: id,
		before: { archived: !archived },
		after: { archived },
	})
}
