import { type Kysely, sql } from 'kysely'
import {
	describeTerms,
	type LinkedRate,
	type RateKind,
	rateSupplierKinds,
	type SupplierForm,
	type SupplierKind,
	supplierKindLabels,
	type SupplierTerms,
} from '~/features/suppliers/domain/suppliers.ts'
import { activityRateName } from '~/features/rates/domain/activities.ts'
import { ferryLineOpening, transferLineOpening } from '~/features/rates/domain/pricing/line-openings.ts'
import type { FerryOperator, Island, TransferUnit } from '~/features/rates/domain/pricing/types.ts'
import { VEHICLE_NAMES } from '~/features/rates/domain/pricing/constants.ts'
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
	const fields = camelColumns(row, [
		'id',
		'name',
		'contact_person',
		'email',
		'whatsapp',
		'gstin',
		'pan',
		'bank_account_name',
		'bank_account_number',
		'bank_ifsc',
		'upi_id',
		'advance_percent',
		'terms_days',
		'notes',
		'archived_at',
		'updated_at',
	])
	const terms = { terms: row.terms as SupplierTerms, advancePercent: row.advance_percent, days: row.terms_days }
	return { ...fields, kind: row.kind as SupplierKind, terms: row.terms as SupplierTerms, termsText: describeTerms(terms) }
}
export type Supplier = ReturnType<typeof toSupplier>

const formFields = [
	'name',
	'kind',
	'contactPerson',
	'email',
	'whatsapp',
	'gstin',
	'pan',
	'bankAccountName',
	'bankAccountNumber',
	'bankIfsc',
	'upiId',
	'terms',
	'advancePercent',
	'termsDays',
	'notes',
] as const

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
		if (before.updated_at !== readAt)
			throw new AppError('aborted', 'Someone else saved this supplier while you were editing. Reload the page and type your change again.')
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
		await recordAudit(trx, {
			actor,
			action: archived ? 'archive' : 'restore',
			entity: 'supplier',
			entityId: id,
			before: { archivedAt: before.archived_at },
			after: { archivedAt },
		})
	})
}

export async function listSuppliers(db: Executor, filters: { q: string; kind: SupplierKind | null; archived: boolean; page: number }) {
	let query = db.selectFrom('suppliers')
	const needles = searchNeedles(filters.q)
	if (needles.length)
		query = query.where((eb) => eb.or(needles.map((needle) => eb(sql.ref('suppliers.search_text'), 'like', sql<string>`${likePattern(needle)} escape '\\'`))))
	if (filters.kind) query = query.where('kind', '=', filters.kind)
	query = filters.archived ? query.where('archived_at', 'is not', null) : query.where('archived_at', 'is', null)
	const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	const total = Number(count)
	const pages = Math.max(1, Math.ceil(total / suppliersPerPage))
	const page = Math.min(Math.max(1, filters.page), pages)
	const rows = await query
		.selectAll()
		.orderBy('name')
		.orderBy('id')
		.limit(suppliersPerPage)
		.offset((page - 1) * suppliersPerPage)
		.execute()
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
	const rows = await db
		.selectFrom('hotels')
		.innerJoin('suppliers', 'suppliers.id', 'hotels.supplier_id')
		.select(['hotels.name', 'hotels.supplier_id', 'suppliers.name as supplier_name'])
		.where('suppliers.archived_at', 'is', null)
		.execute()
	return rows.map((row) => ({ name: row.name, supplierId: row.supplier_id!, supplierName: row.supplier_name }))
}

/** The hotels booked through a supplier, and the hotels that could be linked to it (every hotel not linked to it yet), for its page. */
export async function supplierHotels(db: Executor, supplierId: string) {
	const rows = await db
		.selectFrom('hotels')
		.leftJoin('suppliers', 'suppliers.id', 'hotels.supplier_id')
		.select(['hotels.id', 'hotels.name', 'hotels.island', 'hotels.supplier_id', 'suppliers.name as supplier_name'])
		.orderBy('hotels.name')
		.orderBy('hotels.id')
		.execute()
	return {
		linked: rows.filter((row) => row.supplier_id === supplierId).map((row) => ({ id: row.id, name: row.name, island: row.island })),
		others: rows
			.filter((row) => row.supplier_id !== supplierId)
			.map((row) => ({ id: row.id, name: row.name, island: row.island, currentSupplier: row.supplier_name })),
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
		await recordAudit(trx, {
			actor,
			action: 'hotel-supplier',
			entity: 'hotel',
			entityId: hotelId,
			before: { supplierId: hotel.supplier_id },
			after: { supplierId: to },
		})
		return true
	})
}

/** Rate rows linked to a supplier still in use, for giving new components their supplier (`supplierFromRates`, ADR 213). */
export async function linkedRates(db: Executor): Promise<LinkedRate[]> {
	const [activities, ferries, cars] = await Promise.all([
		db
			.selectFrom('activity_prices')
			.innerJoin('suppliers', 'suppliers.id', 'activity_prices.supplier_id')
			.select(['activity_prices.activity', 'activity_prices.location', 'suppliers.id as supplierId', 'suppliers.name as supplierName'])
			.where('suppliers.archived_at', 'is', null)
			.execute(),
		db
			.selectFrom('ferry_fares')
			.innerJoin('suppliers', 'suppliers.id', 'ferry_fares.supplier_id')
			.select([
				'ferry_fares.operator',
				'ferry_fares.from_island',
				'ferry_fares.to_island',
				'ferry_fares.class',
				'suppliers.id as supplierId',
				'suppliers.name as supplierName',
			])
			.where('suppliers.archived_at', 'is', null)
			.execute(),
		db
			.selectFrom('transfer_rates')
			.innerJoin('suppliers', 'suppliers.id', 'transfer_rates.supplier_id')
			.select(['transfer_rates.island', 'transfer_rates.unit', 'transfer_rates.vehicle', 'suppliers.id as supplierId', 'suppliers.name as supplierName'])
			.where('suppliers.archived_at', 'is', null)
			.execute(),
	])
	return [
		...activities.map((row) => ({
			kind: 'activity' as const,
			opening: `${activityRateName(row.activity, row.location)},`,
			supplierId: row.supplierId,
			supplierName: row.supplierName,
		})),
		...ferries.map((row) => ({
			kind: 'ferry' as const,
			opening: ferryLineOpening({ operator: row.operator as FerryOperator, from: row.from_island as Island, to: row.to_island as Island, class: row.class }),
			supplierId: row.supplierId,
			supplierName: row.supplierName,
		})),
		...cars.map((row) => ({
			kind: 'transfer' as const,
			opening: transferLineOpening(row.island as Island, row.unit as TransferUnit),
			vehicle: VEHICLE_NAMES[row.vehicle as keyof typeof VEHICLE_NAMES] ?? row.vehicle,
			supplierId: row.supplierId,
			supplierName: row.supplierName,
		})),
	]
}

/** The suppliers a rate row of this kind may name: those of the right kind not archived, and the ones rows already name. */
export async function rateSupplierOptions(db: Executor, kind: RateKind, chosen: ReadonlyArray<string | null> = []) {
	const named = chosen.filter((id): id is string => Boolean(id))
	const rows = await db
		.selectFrom('suppliers')
		.select(['id', 'name', 'archived_at'])
		.where((eb) =>
			named.length
				? eb.or([eb.and([eb('archived_at', 'is', null), eb('kind', '=', rateSupplierKinds[kind])]), eb('id', 'in', [...new Set(named)])])
				: eb.and([eb('archived_at', 'is', null), eb('kind', '=', rateSupplierKinds[kind])]),
		)
		.orderBy('name')
		.execute()
	return rows.map((row) => ({ id: row.id, name: row.archived_at ? `${row.name} (archived)` : row.name }))
}

/**
 * Why a rate row cannot name this supplier, or null when it can (none, or an active supplier of the
 * row's kind). A row keeps the supplier it already names even once archived, so its prices can still
 * be edited; it cannot be given an archived one.
 */
export async function rateSupplierProblem(db: Executor, kind: RateKind, supplierId: string | null, current: string | null): Promise<string | null> {
	if (supplierId === null) return null
	const supplier = await db.selectFrom('suppliers').select(['name', 'kind', 'archived_at']).where('id', '=', supplierId).executeTakeFirst()
	if (!supplier) return 'That supplier does not exist: choose one from the list.'
	const wanted = rateSupplierKinds[kind]
	if (supplier.kind !== wanted) return `${supplier.name} is not a supplier of this kind: choose one listed as “${supplierKindLabels[wanted]}”.`
	if (supplier.archived_at && supplierId !== current) return `${supplier.name} is archived: choose an active supplier, or none.`
	return null
}
