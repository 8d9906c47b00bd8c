import { expect, test } from 'vitest'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { cancelBooking, confirmBooking, createBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import type { DB } from '~/server/db/client.server.ts'
import {
	addResource,
	assignLine,
	daySheet,
	getFlights,
	markRunSheetSent,
	operationsDay,
	runSheet,
	runSheetsOf,
	saveFlights,
	saveTripFlights,
	tripFlights,
} from './operations.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)', isOwner: false }
const noFlights = { arrivalFlight: null, arrivalDate: null, arrivalTime: null, departureFlight: null, departureDate: null, departureTime: null }

describeEachDatabase('the operations day sheet', (get) => {
	/** A confirmed booking arriving `days` from today, its arrival pickup at `pickup`. */
	async function arriving(key: string, days: number, pickup: string | null = '10:30') {
		const { db } = get()
		const date = addDays(todayInIndia(), days)
		const form = await twoAdultBooking(db, `ops-${key}`, { startDate: date, contactName: `Guest ${key}` })
		const { id } = await createBooking(db, form, { submissionKey: `ops-${key}` })
		await recordPayment(db, id, { amount: 1_500_000, method: 'upi', reference: `UPI-ops-${key}`, paidOn: todayInIndia(), verified: true }, staff)
		await confirmBooking(db, id, 30, staff, null)
		const pickupRow = await db
			.selectFrom('booking_components')
			.select('id')
			.where('booking_id', '=', id)
			.where('kind', '=', 'transfer')
			.where('start_date', '=', date)
			.executeTakeFirstOrThrow()
		await db.updateTable('booking_components').set({ time: pickup, notes: 'Arrival gate 1' }).where('id', '=', pickupRow.id).execute()
		return { id, date, pickupId: pickupRow.id }
	}
	const driver = (db: DB, name: string) =>
		addResource(db, { kind: 'driver', island: 'port-blair', name, phone: '9800000001', languages: 'Hindi', seats: null, plate: null }, staff)
	const assign = (componentId: string, driverId: string | null, options: { vehicleId?: string; revision?: number; confirm?: boolean } = {}) => ({
		intent: 'assign' as const,
		componentId,
		driverId,
		vehicleId: options.vehicleId ?? null,
		guideId: null,
		revision: options.revision ?? 0,
		confirm: options.confirm ?? false,
	})

	test('the arrival day shows the airport pickup with the flight and the check-in; flights saved by one, a stale save refused; a cancelled booking leaves the sheet', async () => {
		const { db } = get()
		const booking = await arriving('flights', 70)
		let sheet = await daySheet(db, booking.date)
		const lines = sheet.groups.flatMap((group) => group.lines).filter((line) => line.bookingId === booking.id)
		expect(lines.map((line) => line.kind)).toEqual(['arrival', 'check-in'])
		expect(lines[0]!.missing).toContain('No arrival flight number')
		expect(lines[0]!.place).toBe('Arrival gate 1')

		await saveFlights(db, booking.id, { ...noFlights, arrivalFlight: '6E 231', arrivalDate: booking.date, arrivalTime: '10:05', revision: 0 }, 'traveller', {
			id: null,
			label: 'traveller',
		})
		expect(await getFlights(db, booking.id)).toMatchObject({ arrivalFlight: '6E 231', revision: 1 })
		await expect(saveFlights(db, booking.id, { ...noFlights, arrivalFlight: 'AI 1', revision: 0 }, 'staff', staff)).rejects.toMatchObject({ code: 'aborted' })
		sheet = await daySheet(db, booking.date)
		const arrival = sheet.groups.flatMap((group) => group.lines).find((line) => line.bookingId === booking.id && line.kind === 'arrival')!
		expect(arrival.flight).toEqual({ number: '6E 231', time: '10:05' })
		expect(arrival.missing).not.toContain('No arrival flight number')
		const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', booking.id).where('action', '=', 'update-flights').execute()
		expect(audit).toHaveLength(1)

		const settings = await getSettings(db)
		await cancelBooking(db, booking.id, 'Plans changed', todayInIndia(), settings.cancellationTiers, staff)
		sheet = await daySheet(db, booking.date)
		expect(sheet.groups.flatMap((group) => group.lines).some((line) => line.bookingId === booking.id)).toBe(false)
		await expect(saveFlights(db, booking.id, { ...noFlights, revision: 1 }, 'staff', staff)).rejects.toMatchObject({ code: 'failed-precondition' })
	})

	test('the traveller saves flights through the trip link; an unknown link is not found', async () => {
		const { db } = get()
		const booking = await arriving('trip-link', 74)
		const { trip_token: token } = await db.selectFrom('bookings').select('trip_token').where('id', '=', booking.id).executeTakeFirstOrThrow()
		expect(await tripFlights(db, token)).toMatchObject({ arrivalFlight: null, revision: 0 })
		await saveTripFlights(db, token, { ...noFlights, arrivalFlight: 'AI 503', arrivalDate: booking.date, arrivalTime: '08:40', revision: 0 })
		expect(await tripFlights(db, token)).toMatchObject({ arrivalFlight: 'AI 503', arrivalTime: '08:40', revision: 1 })
		expect(await db.selectFrom('booking_flights').select('updated_by').where('booking_id', '=', booking.id).executeTakeFirstOrThrow()).toEqual({
			updated_by: 'traveller',
		})
		await expect(saveTripFlights(db, 'no-such-token-000000000000', { ...noFlights, revision: 0 })).rejects.toMatchObject({ code: 'not-found' })
	})

	test('a driver in two places is refused unless confirmed; a vehicle with too few seats is a conflict; a stale assignment is refused', async () => {
		const { db } = get()
		const one = await arriving('clash-a', 71, '10:30')
		const two = await arriving('clash-b', 71, '11:00')
		const raju = await driver(db, 'Raju')
		const car = await addResource(
			db,
			{ kind: 'vehicle', island: 'port-blair', name: 'Alto', phone: null, languages: null, seats: 1, plate: 'AN01 A 1234' },
			staff,
		)

		expect(await assignLine(db, one.date, assign(one.pickupId, raju), staff)).toEqual({ conflicts: [] })
		await expect(assignLine(db, one.date, assign(two.pickupId, raju), staff)).rejects.toMatchObject({
			code: 'failed-precondition',
			message: expect.stringContaining('Raju is also on'),
		})
		await expect(assignLine(db, one.date, assign(one.pickupId, raju), staff)).rejects.toMatchObject({ code: 'aborted' })
		const kept = await assignLine(db, one.date, assign(two.pickupId, raju, { vehicleId: car, confirm: true }), staff)
		expect(kept.conflicts).toEqual([expect.stringContaining('Raju is also on'), 'Alto has 1 seat for 2 travellers'])
		const day = await operationsDay(db, one.date)
		const twoLine = day.sheet.groups.flatMap((group) => group.lines).find((line) => line.componentId === two.pickupId)!
		expect(day.conflicts.get(twoLine.key)).toHaveLength(2)
		await expect(assignLine(db, one.date, assign(one.pickupId, car, { revision: 1 }), staff)).rejects.toMatchObject({ code: 'invalid-argument' })
	})

	test('two staff assigning one driver to two lines at once: the second sees the conflict', async () => {
		const { db } = get()
		const one = await arriving('race-a', 72, '09:00')
		const two = await arriving('race-b', 72, '09:15')
		const sunil = await driver(db, 'Sunil')
		const outcomes = await Promise.allSettled([
			assignLine(db, one.date, assign(one.pickupId, sunil), staff),
			assignLine(db, one.date, assign(two.pickupId, sunil), staff),
		])
		expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
		const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
		expect(refused.reason).toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('Sunil is also on') })
		expect(await db.selectFrom('ops_assignments').select('component_id').where('driver_id', '=', sunil).execute()).toHaveLength(1)
	})

	test('the run sheet carries the times; once sent, a change (the booking cancelled) flags it', async () => {
		const { db } = get()
		const one = await arriving('run-a', 73, '10:30')
		const two = await arriving('run-b', 73, '13:00')
		const mohan = await driver(db, 'Mohan')
		await saveFlights(db, one.id, { ...noFlights, arrivalFlight: '6E 231', arrivalDate: one.date, arrivalTime: '10:05', revision: 0 }, 'staff', staff)
		await assignLine(db, one.date, assign(one.pickupId, mohan), staff)
		await assignLine(db, one.date, assign(two.pickupId, mohan), staff)
		let sheet = await runSheet(db, mohan, one.date)
		expect(sheet.state).toBe('not-sent')
		expect(sheet.text.split('\n')).toEqual([
			`Mohan, your runs on ${one.date} (India time):`,
			expect.stringMatching(/^• 10:30 Airport pickup: .* · Guest run-a \(2 pax\) \+919876543210 · from Arrival gate 1 · flight 6E 231 10:05 · ref /),
			expect.stringMatching(/^• 13:00 Airport pickup: .* · Guest run-b/),
		])
		await markRunSheetSent(db, mohan, one.date, staff)
		expect((await runSheet(db, mohan, one.date)).state).toBe('sent')
		const settings = await getSettings(db)
		await cancelBooking(db, two.id, 'Plans changed', todayInIndia(), settings.cancellationTiers, staff)
		sheet = await runSheet(db, mohan, one.date)
		expect(sheet.state).toBe('changed')
		expect(sheet.lines).toHaveLength(1)
		expect((await runSheetsOf(db, one.date, await operationsDay(db, one.date))).find((row) => row.resource.id === mohan)).toMatchObject({
			runs: 1,
			state: 'changed',
		})
	})
})
