import { expect, test } from 'vitest'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { createBooking } from '~/features/bookings/server/bookings.server.ts'
import { addComponent } from '~/features/bookings/server/components.server.ts'
import type { ComponentForm } from '~/features/bookings/domain/components.ts'
import type { SupplierForm } from '~/features/suppliers/domain/suppliers.ts'
import { newId } from '~/lib/ids.ts'
import { createSupplier, setHotelSupplier, setSupplierArchived, supplierHotels } from './suppliers.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }

function supplierForm(name: string): SupplierForm {
	return {
		name,
		kind: 'hotel',
		contactPerson: null,
		email: null,
		whatsapp: null,
		gstin: null,
		pan: null,
		bankAccountName: null,
		bankAccountNumber: null,
		bankIfsc: null,
		upiId: null,
		terms: 'before',
		advancePercent: 0,
		termsDays: 7,
		notes: null,
	}
}

describeEachDatabase('hotels linked to their supplier', (get) => {
	test('a new hotel component naming a linked hotel gets its supplier; a typed supplier, another hotel or an archived supplier does not; linking is audited', async () => {
		const { db } = get()
		const hotelId = newId()
		const now = new Date(0).toISOString()
		await db
			.insertInto('hotels')
			.values({
				id: hotelId,
				name: 'Coral Cove Linked',
				island: 'neil',
				tier: 'standard',
				stars: 3,
				address: null,
				phone: null,
				email: null,
				check_in: '12:00',
				check_out: '10:00',
				active: 1,
				notes: null,
				created_at: now,
				updated_at: now,
			})
			.execute()
		const supplier = await createSupplier(db, staff, supplierForm('Coral Cove Hotels'))
		expect(await setHotelSupplier(db, staff, supplier, hotelId, true)).toBe(true)
		expect(await setHotelSupplier(db, staff, supplier, hotelId, true)).toBe(false)
		expect((await supplierHotels(db, supplier)).linked.map((hotel) => hotel.id)).toEqual([hotelId])
		expect(await db.selectFrom('audit_log').select('id').where('entity_id', '=', hotelId).where('action', '=', 'hotel-supplier').execute()).toHaveLength(1)

		const { id } = await createBooking(db, await twoAdultBooking(db, 'hotel-link'), { submissionKey: 'hotel-link' })
		const form: ComponentForm = {
			kind: 'hotel',
			description: 'Coral Cove Linked, Neil: Deluxe, CP, 1 room × 2 nights',
			startDate: null,
			endDate: null,
			time: null,
			supplier: null,
			supplierStatus: 'pending',
			confirmationNumber: null,
			notes: null,
		}
		const added = async (overrides: Partial<ComponentForm>) => {
			const { id: componentId } = await addComponent(db, id, { ...form, ...overrides }, staff)
			return db.selectFrom('booking_components').select(['supplier_id', 'supplier']).where('id', '=', componentId).executeTakeFirstOrThrow()
		}
		expect(await added({})).toEqual({ supplier_id: supplier, supplier: 'Coral Cove Hotels' })
		expect(await added({ supplier: 'Someone we typed' })).toEqual({ supplier_id: null, supplier: 'Someone we typed' })
		expect(await added({ description: 'Coral Cove Linkedin Resort, Neil' })).toEqual({ supplier_id: null, supplier: null })
		await setSupplierArchived(db, staff, supplier, true)
		expect(await added({})).toEqual({ supplier_id: null, supplier: null })

		// Unlinking from another supplier changes nothing; from its own it clears the link.
		const other = await createSupplier(db, staff, supplierForm('Not the one'))
		expect(await setHotelSupplier(db, staff, other, hotelId, false)).toBe(false)
		expect(await setHotelSupplier(db, staff, supplier, hotelId, false)).toBe(true)
		expect((await db.selectFrom('hotels').select('supplier_id').where('id', '=', hotelId).executeTakeFirstOrThrow()).supplier_id).toBeNull()
	})
})
