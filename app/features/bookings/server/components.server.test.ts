import { expect, test } from 'vitest'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { confirmBooking, createBooking, getBooking, recordPayment } from './bookings.server.ts'
import { confirmComponents, updateComponent } from './components.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }

describeEachDatabase('confirming supplier components', (get) => {
	/** A confirmed booking whose components are planned and not requested yet. */
	async function plannedBooking(key: string) {
		const { db } = get()
		const form = await twoAdultBooking(db, `components-${key}`, { startDate: addDays(todayInIndia(), 60) })
		const { id } = await createBooking(db, form, { submissionKey: key })
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: `UPI-${key}`, paidOn: todayInIndia(), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		return { id, components: (await getBooking(db, id))!.components }
	}

	test('several components are confirmed at once with their numbers, straight from “not requested yet”; the rest stay as they are; audited', async () => {
		const { db } = get()
		const { id, components } = await plannedBooking('bulk')
		expect(components.length).toBeGreaterThan(3)
		expect(components.every((component) => component.supplierStatus === 'pending')).toBe(true)
		const [first, second, ...rest] = components
		const confirmed = await confirmComponents(
			db,
			id,
			[
				{ componentId: first!.id, confirmationNumber: 'SSH-1' },
				{ componentId: second!.id, confirmationNumber: 'PNR-2' },
			],
			staff,
		)
		expect(confirmed).toEqual([first!.description, second!.description])
		const after = (await getBooking(db, id))!.components
		expect(after.find((c) => c.id === first!.id)).toMatchObject({ supplierStatus: 'confirmed', confirmationNumber: 'SSH-1' })
		expect(after.find((c) => c.id === second!.id)).toMatchObject({ supplierStatus: 'confirmed', confirmationNumber: 'PNR-2' })
		expect(after.filter((c) => rest.some((r) => r.id === c.id)).every((c) => c.supplierStatus === 'pending')).toBe(true)
		const audits = await db.selectFrom('audit_log').select('after_json').where('entity_id', '=', id).where('action', '=', 'update-component').execute()
		expect(audits.map((row) => JSON.parse(row.after_json!))).toEqual(
			expect.arrayContaining([{ id: first!.id, supplierStatus: 'confirmed', confirmationNumber: 'SSH-1' }]),
		)

		// One component edited on its own goes straight to confirmed too when its number is known.
		const third = rest[0]!
		await updateComponent(
			db,
			id,
			third.id,
			{
				kind: third.kind,
				description: third.description,
				startDate: third.startDate,
				endDate: third.endDate,
				time: null,
				supplier: 'Makruzz',
				supplierStatus: 'confirmed',
				confirmationNumber: 'MKZ-3',
				notes: null,
			},
			staff,
		)
		expect((await getBooking(db, id))!.components.find((c) => c.id === third.id)).toMatchObject({ supplierStatus: 'confirmed', confirmationNumber: 'MKZ-3' })
	})

	test('a component of another booking, or one changed meanwhile, saves nothing', async () => {
		const { db } = get()
		const one = await plannedBooking('other-a')
		const two = await plannedBooking('other-b')
		await expect(
			confirmComponents(
				db,
				one.id,
				[
					{ componentId: one.components[0]!.id, confirmationNumber: 'A-1' },
					{ componentId: two.components[0]!.id, confirmationNumber: 'B-1' },
				],
				staff,
			),
		).rejects.toMatchObject({ code: 'not-found' })
		expect((await getBooking(db, one.id))!.components[0]!.supplierStatus).toBe('pending')
	})

	test('two people confirming the same components at once: one save wins, the other is refused whole', async () => {
		const { db } = get()
		const { id, components } = await plannedBooking('race')
		const confirmations = (suffix: string) =>
			components.slice(0, 3).map((component, index) => ({ componentId: component.id, confirmationNumber: `${suffix}-${index}` }))
		const outcomes = await Promise.allSettled(['A', 'B', 'C', 'D'].map((suffix) => confirmComponents(db, id, confirmations(suffix), staff)))
		const won = outcomes.filter((outcome) => outcome.status === 'fulfilled')
		expect(won).toHaveLength(1)
		for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'aborted' })
		const numbers = (await getBooking(db, id))!.components.slice(0, 3).map((c) => c.confirmationNumber?.slice(0, 1))
		// All three numbers come from the one save that won.
		expect(new Set(numbers).size).toBe(1)
	})
})
