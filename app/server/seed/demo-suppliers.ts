import { confirmBooking, createBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { listComponents } from '~/features/bookings/server/components.server.ts'
import type { ComponentKind } from '~/features/bookings/domain/components.ts'
import type { SupplierForm } from '~/features/suppliers/domain/suppliers.ts'
import { answerSupplierRequest, assignComponentSuppliers, sendSupplierRequests } from '~/features/suppliers/server/supplier-requests.server.ts'
import { createSupplier } from '~/features/suppliers/server/suppliers.server.ts'
import { recordSupplierPayment } from '~/features/suppliers/server/payables.server.ts'
import { chaseSupplierRequests } from '~/features/suppliers/server/supplier-chasing.server.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { systemActor } from '../db/audit.server.ts'
import type { DB } from '../db/client.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

/** Marks the demo suppliers as loaded: a second run adds nothing. */
const demoKey = 'demo:suppliers'

const blank = { contactPerson: null, email: null, whatsapp: null, gstin: null, pan: null, bankAccountName: null, bankAccountNumber: null, bankIfsc: null, upiId: null, notes: null }

/** One supplier of each kind a package books, with the terms Andaman suppliers usually ask. */
const demoSuppliers: Record<ComponentKind, SupplierForm> = {
	hotel: { ...blank, name: 'Sea Shell Hotels (demo)', kind: 'hotel', contactPerson: 'Reservations desk', email: 'reservations.demo@example.com', whatsapp: '+919933200001', gstin: '35AAFCS1234K1ZW', pan: 'AAFCS1234K', bankAccountName: 'Sea Shell Hotels Pvt Ltd', bankAccountNumber: '50200012345678', bankIfsc: 'HDFC0001234', upiId: 'seashell.demo@hdfcbank', terms: 'advance', advancePercent: 30, termsDays: 15 },
	ferry: { ...blank, name: 'Makruzz Ferries (demo)', kind: 'ferry', email: 'agents.demo@example.com', whatsapp: '+919933200002', terms: 'before', advancePercent: 0, termsDays: 3 },
	transfer: { ...blank, name: 'Island Cabs (demo)', kind: 'transport', contactPerson: 'Ravi', whatsapp: '+919933200003', upiId: 'islandcabs.demo@okaxis', terms: 'credit', advancePercent: 0, termsDays: 15 },
	activity: { ...blank, name: 'Havelock Divers (demo)', kind: 'activity', email: 'bookings.divers.demo@example.com', whatsapp: '+919933200004', terms: 'before', advancePercent: 0, termsDays: 0 },
}

/** Demo costs to us per component kind, in paise. */
const demoCosts: Record<ComponentKind, number> = { hotel: 900_000, ferry: 320_000, transfer: 150_000, activity: 700_000 }

/**
 * Suppliers for the demo (local runs only): one of each kind with contacts, bank details and terms; a
 * booking whose requests every supplier answered (confirmed) with the hotel's advance paid, and one
 * whose requests still wait, the hotel's chased after two days. All
 * named "(demo)", dated from today. Idempotent.
 */
export async function seedDemoSuppliers(db: DB, siteUrl: string): Promise<number> {
	if (await db.selectFrom('form_submissions').select('key').where('key', '=', `${demoKey}:hotel`).executeTakeFirst()) return 0
	const ids = {} as Record<ComponentKind, string>
	for (const [kind, form] of Object.entries(demoSuppliers) as Array<[ComponentKind, SupplierForm]>) ids[kind] = await createSupplier(db, systemActor, form, { submissionKey: `${demoKey}:${kind}` })
	const today = todayInIndia()
	const assignAll = async (bookingId: string) => {
		const components = await listComponents(db, bookingId)
		await assignComponentSuppliers(db, bookingId, components.filter((component) => component.supplierStatus !== 'confirmed').map((component) => ({ componentId: component.id, supplierId: ids[component.kind], plannedCost: demoCosts[component.kind] })), systemActor)
	}

	// Answered: paid in full, every supplier confirmed through their link.
	const pkg = await db.selectFrom('packages').select(['id', 'title', 'total_nights', 'price_standard']).where('slug', '=', 'andaman-family-holiday-6-nights').executeTakeFirst()
	if (pkg?.price_standard) {
		const settings = await getSettings(db)
		const total = pkg.price_standard * 2
		const name = 'Meera Pillai (demo)'
		const { id } = await createBooking(
			db,
			{
				packageId: pkg.id,
				title: pkg.title,
				tier: 'standard',
				startDate: addDays(today, 55),
				nights: pkg.total_nights,
				adults: 2,
				childAges: [],
				infants: 0,
				price: { lines: [{ label: 'Adults and children 12+ at Standard price', quantity: 2, unit: pkg.price_standard, amount: total }], total, perPerson: pkg.price_standard, payingTravellers: 2 },
				advanceDue: Math.ceil((total * settings.advancePercent) / 100 / 100) * 100,
				contactName: name,
				contactPhone: '+919812300010',
				contactEmail: null,
				specialRequests: 'Ground-floor room for an elderly parent (demo)',
				travellers: [
					{ name, age: 41, gender: 'female', nationality: 'Indian', idType: 'aadhaar', idNumber: '4821 7730 0010', passportExpiry: null },
					{ name: 'Suresh Pillai (demo)', age: 44, gender: 'male', nationality: 'Indian', idType: 'aadhaar', idNumber: '4821 7730 0011', passportExpiry: null },
				],
			},
			{ submissionKey: `${demoKey}:answered` },
		)
		await recordPayment(db, id, { amount: total, method: 'upi', reference: 'DEMO-UPI-SUPPLIERS', paidOn: today, verified: true }, systemActor)
		await confirmBooking(db, id, settings.advancePercent, { ...systemActor, isOwner: true }, null)
		await assignAll(id)
		await sendSupplierRequests(db, id, systemActor, { siteUrl, today })
		const requests = await db.selectFrom('supplier_requests').innerJoin('suppliers', 'suppliers.id', 'supplier_requests.supplier_id').select(['supplier_requests.token', 'suppliers.name']).where('booking_id', '=', id).orderBy('suppliers.name').execute()
		for (const [index, request] of requests.entries()) await answerSupplierRequest(db, request.token, { kind: 'confirm', confirmationNumber: `DEMO-SUP-${200 + index}` }, today)
		// The hotel's advance paid (docs/decisions/197-supplier-payables.md): on its statement and off the due list.
		await recordSupplierPayment(db, { ...systemActor, isOwner: true }, ids.hotel, { bookingId: id, amount: 270_000, method: 'bank', reference: 'DEMO-NEFT-SEASHELL', paidOn: today, note: 'Advance (demo)', confirmOver: false }, { today, submissionKey: null })
	}

	// Waiting: the demo desk's booking that arrives in a week, its remaining components sent to their suppliers.
	const soon = await db.selectFrom('bookings').select('id').where('submission_key', '=', 'demo:desk:overdue').where('status', '=', 'confirmed').executeTakeFirst()
	if (soon) {
		await assignAll(soon.id)
		await sendSupplierRequests(db, soon.id, systemActor, { siteUrl, today })
		// The hotel's request went out two days ago and was never answered: chased once, and on the dashboard (ADR 198).
		const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString()
		await db.updateTable('supplier_requests').set({ sent_at: twoDaysAgo }).where('booking_id', '=', soon.id).where('supplier_id', '=', ids.hotel).where('status', '=', 'waiting').execute()
		await chaseSupplierRequests(db, { siteUrl })
	}
	return Object.keys(ids).length
}
