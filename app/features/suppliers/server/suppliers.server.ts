import { type Kysely, sql } from 'kysely'
import { describeTerms, type SupplierForm, type SupplierKind, type SupplierTerms } from '~/features/suppliers/domain/suppliers.ts'
import { nowIso } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { likePattern, searchNeedles } from '~/lib/search.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { createOnce } from '~/server/db/create-once.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { camelColumns, snakeColumns } from '~/server/db/rows.ts'
import type { Database, SupplierRow } from '~/server/db/schema.ts'

type DB = Kysely<Database>

/** Suppliers (/admin/suppliers, docs/decisions/189-suppliers-and-their-terms.md). */
export const suppliersPerPage = 25

export function toSupplier(row: SupplierRow) {
	const fields = camelColumns(row, ['id', 'name', 'contact_person', 'email', 'whatsapp', 'gstin', 'pan', 'bank_account_name', 'bank_account_number', 'bank_ifsc', 'upi_id', 'advance_percent', 'terms_days', 'notes', 'archived_at', 'updated_at'])
	const terms = { terms: row.terms as SupplierTerms, advancePercent: row.advance_percent, days: row.terms_days }
	return { ...fields, kind: row.kind as SupplierKind, terms: row.terms as SupplierTerms, termsText: describeTerms(terms) }
}
export type Supplier = ReturnType<typeof toSupplier>

const formFields = ['name', 'kind', 'contactPerson', 'email', 'whatsapp', 'gstin', 'pan', 'bankAccountName', 'bankAccountNumber', 'bankIfsc', 'upiId', 'terms', 'advancePercent', 'termsDays', 'notes'] as const

function columns(form: SupplierForm) {
	return {
		...snakeColumns(form, formFields),
		search_text: [form.name, form.contactPerson, form.email, form.whatsapp, form.gstin, form.pan, form.upiId].filter(Boolean).join(' ').toLowerCase(),
	}
}

/** Adds a supplier; the same form posted twice adds it once. */
export async function createSupplier(db: DB, actor: Actor, form: SupplierForm, options: { submissionKey?: string | null } = {}) {
	const { id } = await createOnce(db, options.submissionKey, 'supplier', async (trx) => {
		const now = nowIso()
		const row = { id: newId(), ...columns(form), archived_at: null, created_at: now, updated_at: now }
		await trx.insertInto('suppliers').values(row).execute()
		await recordAudit(trx, { actor, action: 'create', entity: 'supplier', entityId: row.id, after: row })
		return row.id
	})
	return id
}

const missing = 'There is no supplier with that id. Choose one from the suppliers list.'

export async function getSupplier(db: Executor, id: string) {
	return toSupplier(await rowById(db, 'suppliers', id, missing))
}

/** Saves an edit made from the revision the form was read at (`updatedAt`); a later save meanwhile is refused. */
export async function updateSupplier(db: DB, actor: Actor, id: string, form: SupplierForm, readAt: string) {
	await db.transaction().execute(async (trx) => {
		const before = await rowById(trx, 'suppliers', id, missing, { forUpdate: true })
		if (before.updated_at !== readAt) throw new AppError('aborted', 'Someone else saved this supplier while you were editing. Reload the page and type your change again.')
		const after = { ...columns(form), updated_at: nowIso() }
		await trx.updateTable('suppliers').set(after).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'update', entity: 'supplier', entityId: id, before, after })
	})
}

/** Archives a supplier (kept for its history, no longer offered for new components) or brings it back. */
export async function setSupplierArchived(db: DB, actor: Actor, id: string, archived: boolean) {
	await db.transaction().execute(async (trx) => {
		const before = await rowById(trx, 'suppliers', id, missing, { forUpdate: true })
		const archivedAt = archived ? (before.archived_at ?? nowIso()) : null
		await trx.updateTable('suppliers').set({ archived_at: archivedAt, updated_at: nowIso() }).where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: archived ? 'archive' : 'restore', entity: 'supplier', entityId: id, before: { archivedAt: before.archived_at }, after: { archivedAt } })
	})
}

export async function listSuppliers(db: Executor, filters: { q: string; kind: SupplierKind | null; archived: boolean; page: number }) {
	let query = db.selectFrom('suppliers')
	const needles = searchNeedles(filters.q)
	if (needles.length) query = query.where((eb) => eb.or(needles.map((needle) => eb(sql.ref('suppliers.search_text'), 'like', sql<string>`${likePattern(needle)} escape '\\'`))))
	if (filters.kind) query = query.where('kind', '=', filters.kind)
	query = filters.archived ? query.where('archived_at', 'is not', null) : query.where('archived_at', 'is', null)
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const total = Number(count)
	const pages = Math.max(1, Math.ceil(total / suppliersPerPage))
	const page = Math.min(Math.max(1, filters.page), pages)
	const rows = await query.selectAll().orderBy('name').orderBy('id').limit(suppliersPerPage).offset((page - 1) * suppliersPerPage).execute()
	return { suppliers: rows.map(toSupplier), total, page, pages }
}

/** The suppliers a component may be booked with: those not archived, and the ones already chosen. */
export async function supplierOptions(db: Executor, chosen: readonly string[] = []) {
	const rows = await db
		.selectFrom('suppliers')
		.select(['id', 'name', 'kind'])
		.where((eb) => (chosen.length ? eb.or([eb('archived_at', 'is', null), eb('id', 'in', [...chosen])]) : eb('archived_at', 'is', null)))
		.orderBy('name')
		.execute()
	return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind as SupplierKind }))
}

/** Hotels linked to a supplier still in use, for giving new hotel components their supplier (`supplierFromHotel`). */
export async function linkedHotels(db: Executor) {
	const rows = await db.selectFrom('hotels').innerJoin('suppliers', 'suppliers.id', 'hotels.supplier_id').select(['hotels.name', 'hotels.supplier_id', 'suppliers.name as supplier_name']).where('suppliers.archived_at', 'is', null).execute()
	return rows.map((row) => ({ name: row.name, supplierId: row.supplier_id!, supplierName: row.supplier_name }))
}

/** The hotels booked through a supplier, and the hotels that could be linked to it (every hotel not linked to it yet), for its page. */
export async function supplierHotels(db: Executor, supplierId: string) {
	const rows = await db.selectFrom('hotels').leftJoin('suppliers', 'suppliers.id', 'hotels.supplier_id').select(['hotels.id', 'hotels.name', 'hotels.island', 'hotels.supplier_id', 'suppliers.name as supplier_name']).orderBy('hotels.name').orderBy('hotels.id').execute()
	return {
		linked: rows.filter((row) => row.supplier_id === supplierId).map((row) => ({ id: row.id, name: row.name, island: row.island })),
		others: rows.filter((row) => row.supplier_id !== supplierId).map((row) => ({ id: row.id, name: row.name, island: row.island, currentSupplier: row.supplier_name })),
	}
}

/**
 * Links a hotel to this supplier (moving it from another one), or unlinks it (`link` false, only when
 * it is linked to this supplier). New hotel components naming the hotel get the supplier; components
 * already made keep theirs. Audited on the hotel.
 */
export async function setHotelSupplier(db: DB, actor: Actor, supplierId: string, hotelId: string, link: boolean) {
	return db.transaction().execute(async (trx) => {
		await rowById(trx, 'suppliers', supplierId, missing)
		const hotel = await trx.selectFrom('hotels').select(['id', 'supplier_id']).where('id', '=', hotelId).executeTakeFirst()
		if (!hotel) throw new AppError('invalid-argument', 'That hotel no longer exists: choose one from the list.')
		const to = link ? supplierId : hotel.supplier_id === supplierId ? null : hotel.supplier_id
		if (to === hotel.supplier_id) return false
		await trx.updateTable('hotels').set({ supplier_id: to, updated_at: nowIso() }).where('id', '=', hotelId).execute()
		await recordAudit(trx, { actor, action: 'hotel-supplier', entity: 'hotel', entityId: hotelId, before: { supplierId: hotel.supplier_id }, after: { supplierId: to } })
		return true
	})
}
