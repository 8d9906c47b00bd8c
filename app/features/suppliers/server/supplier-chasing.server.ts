import { enqueueEmail } from '~/features/email/server/outbox.server.ts'
import { chaseDue, chaseMessage, linkState, type RequestStatus } from '~/features/suppliers/domain/supplier-requests.ts'
import { messageFor } from '~/features/suppliers/server/supplier-requests.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { recordAudit, systemActor } from '~/server/db/audit.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import { jsonColumn } from '~/server/db/rows.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

/** Most requests one run chases; the next run takes the rest. */
const maxChasesPerRun = 200

/**
 * One run of the chase (docs/decisions/198-chasing-and-amending-supplier-requests.md), from the same
 * timer and command as payment reminders: every request still waiting `supplierChaseHours` after it
 * was sent, and never chased, gets one reminder through the outbox (when the supplier has an email)
 * and is marked chased, which puts it on the dashboard's "Suppliers not answering" queue. One
 * conditional statement marks it, so two servers running at once chase it once. A link that can no
 * longer be answered (expired, cancelled booking) is not chased. Safe to run any number of times.
 */
export async function chaseSupplierRequests(db: DB, options: { siteUrl: string; now?: Date }) {
	const now = options.now ?? new Date()
	const today = todayInIndia(now)
	const hours = (await getSettings(db)).supplierChaseHours
	const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString()
	const rows = await db
		.selectFrom('supplier_requests')
		.innerJoin('bookings', 'bookings.id', 'supplier_requests.booking_id')
		.innerJoin('suppliers', 'suppliers.id', 'supplier_requests.supplier_id')
		.selectAll('supplier_requests')
		.select(['bookings.status as booking_status', 'suppliers.name as supplier_name', 'suppliers.email as supplier_email'])
		.where('supplier_requests.status', '=', 'waiting')
		.where('supplier_requests.chased_at', 'is', null)
		.where('supplier_requests.sent_at', '<=', cutoff)
		.orderBy('supplier_requests.sent_at')
		.orderBy('supplier_requests.id')
		.limit(maxChasesPerRun)
		.execute()
	const result = { checked: rows.length, chased: 0, emailed: 0 }
	for (const row of rows) {
		const request = { status: row.status as RequestStatus, sentAt: row.sent_at, chasedAt: row.chased_at, expiresOn: row.expires_on }
		if (!chaseDue(request, now, hours) || !linkState(request, row.booking_status, today).open) continue
		const chased = await db.transaction().execute(async (trx) => {
			const marked = await trx
				.updateTable('supplier_requests')
				.set({ chased_at: now.toISOString() })
				.where('id', '=', row.id)
				.where('status', '=', 'waiting')
				.where('chased_at', 'is', null)
				.executeTakeFirst()
			if (Number(marked.numUpdatedRows) !== 1) return null
			const booking = await trx.selectFrom('bookings').selectAll().where('id', '=', row.booking_id).executeTakeFirstOrThrow()
			if (row.supplier_email) {
				const message = await messageFor(
					trx,
					booking,
					row.supplier_name,
					jsonColumn<string[]>(row.component_ids_json, []),
					row.token,
					row.expires_on,
					options.siteUrl,
				)
				await enqueueEmail(trx, {
					...chaseMessage(message, hours),
					kind: 'supplier-chase',
					to: row.supplier_email,
					bookingId: row.booking_id,
					dedupeKey: `supplier-chase:${row.id}`,
				})
			}
			await recordAudit(trx, {
				actor: systemActor,
				action: 'supplier-request-chased',
				entity: 'booking',
				entityId: row.booking_id,
				after: { requestId: row.id, supplierId: row.supplier_id, supplier: row.supplier_name, hours, emailed: Boolean(row.supplier_email) },
			})
			return { emailed: Boolean(row.supplier_email) }
		})
		if (!chased) continue
		result.chased++
		if (chased.emailed) result.emailed++
	}
	return result
}
