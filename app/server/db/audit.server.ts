import { nowIso } from '~/lib/dates.ts'
import type { Executor } from './client.server.ts'

export type Actor = { id: string | null; label: string }
export const systemActor: Actor = { id: null, label: 'system' }

/**
 * Writes an audit row. Call it with the transaction that makes the change, so
 * the change and its record commit or roll back together (docs/conventions.md).
 */
export async function recordAudit(
	executor: Executor,
	entry: { actor: Actor; action: string; entity: string; entityId: string; before?: unknown; after?: unknown },
): Promise<void> {
	await executor
		.insertInto('audit_log')
		.values({
			at: nowIso(),
			actor_id: entry.actor.id,
			actor_label: entry.actor.label,
			action: entry.action,
			entity: entry.entity,
			entity_id: entry.entityId,
			before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
			after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
		})
		.execute()
}

/** Next number of a named yearly sequence (for references like LD-2026-00042); atomic on both databases. */
export async function nextSequence(executor: Executor, name: string, year: number): Promise<number> {
	const row = await executor
		.insertInto('counters')
		.values({ name, year, value: 1 })
		.onConflict((oc) => oc.columns(['name', 'year']).doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })))
		.returning('value')
		.executeTakeFirstOrThrow()
	return row.value
}

export async function auditTrail(executor: Executor, entity: string, entityId: string) {
	return executor
		.selectFrom('audit_log')
		.selectAll()
		.where('entity', '=', entity)
		.where('entity_id', '=', entityId)
		.orderBy('at', 'desc')
		.orderBy('id', 'desc')
		.execute()
}
