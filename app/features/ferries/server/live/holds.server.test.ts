/** Seat holds in our database on both databases, against the operator stand-ins (ADR 184). */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFerryStandIns } from '#tests/support/ferry-operator-stand-ins.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import type { SearchQuery } from '~/features/ferries/domain/live/operator.ts'
import { AppError } from '~/lib/errors.ts'
import { getHold, holdSeats, releaseHold, releaseLapsedHolds, SeatsTaken, seatsWithHolds } from './holds.server.ts'
import { backgroundJobs } from '~/server/jobs/background.server.ts'
import { startJobRunner } from '~/server/jobs/jobs.server.ts'
import { operatorsFromEnv, type OperatorSetup } from './operators.server.ts'
import { searchOperator } from './search.server.ts'

let standIns: Awaited<ReturnType<typeof startFerryStandIns>>
let setup: OperatorSetup
beforeAll(async () => {
	standIns = await startFerryStandIns()
	setup = operatorsFromEnv(standIns.env(2000))
})
afterAll(() => standIns.stop())

const settings = { markupPercent: 5, holdMinutes: 10 }
let day = 10
/** Each test its own date, so the stand-ins' sailings (and our claims) never meet another test's. */
const nextQuery = (adults = 2): SearchQuery => ({
	from: 'port-blair',
	to: 'havelock',
	date: new Date(Date.now() + day++ * 86_400_000).toISOString().slice(0, 10),
	adults,
	infants: 0,
})

async function refusal(promise: Promise<unknown>): Promise<AppError> {
	try {
		await promise
	} catch (error) {
		if (error instanceof AppError) return error
		throw error
	}
	throw new Error('expected a refusal')
}

describeEachDatabase('ferry seat holds', (get) => {
	test('ten travellers holding the same seat at once: exactly one hold is made, the others are offered other seats', async () => {
		const { db } = get()
		const query = nextQuery(1)
		const sailing = (await searchOperator(setup, 'sealink', query)).find((s) => s.vessel === 'Sealink')!
		const results = await Promise.allSettled(
			Array.from({ length: 10 }, () => holdSeats(db, setup, { operator: 'sealink', sailingKey: sailing.key, classCode: 'L', seats: ['3'], query }, settings)),
		)
		const won = results.filter((r) => r.status === 'fulfilled')
		expect(won).toHaveLength(1)
		for (const lost of results.filter((r) => r.status === 'rejected')) {
			expect(lost.reason).toBeInstanceOf(SeatsTaken)
			expect((lost.reason as SeatsTaken).status).toBe(409)
			expect((lost.reason as SeatsTaken).freeSeats).not.toContain('3')
		}
		const claims = await db.selectFrom('ferry_seat_claims').selectAll().where('sailing_key', '=', sailing.key).execute()
		expect(claims.map((c) => c.seat)).toEqual(['3'])
		expect(await db.selectFrom('ferry_seat_holds').select('id').where('sailing_key', '=', sailing.key).where('status', '=', 'held').execute()).toHaveLength(1)
		// The seat list shows the held seat as taken to everyone else.
		const { seats } = await seatsWithHolds(db, setup, 'sealink', sailing.key, query, 'L')
		expect(seats.find((s) => s.id === '3')!.available).toBe(false)
	})

	test('a hold shows its price and countdown end; released, its seats are free again', async () => {
		const { db, kind } = get()
		const query = nextQuery(2)
		const sailing = (await searchOperator(setup, 'green-ocean', query))[0]!
		const now = new Date()
		// The stand-in's blocks outlive a test: each database run holds its own two seats.
		const chosen = kind === 'sqlite' ? ['1', '2'] : ['3', '4']
		const { id } = await holdSeats(db, setup, { operator: 'green-ocean', sailingKey: sailing.key, classCode: '2', seats: chosen, query }, settings, now)
		const hold = await getHold(db, id, 5, now)
		expect(hold).toMatchObject({ status: 'held', seats: chosen, className: 'Premium', sellTotal: Math.ceil((155_000 * 2 * 1.05) / 100) * 100 })
		expect(hold.expiresAt).toBe(new Date(now.getTime() + 10 * 60_000).toISOString())
		expect((await db.selectFrom('ferry_seat_holds').select('operator_hold_ref').where('id', '=', id).executeTakeFirstOrThrow()).operator_hold_ref).toBe(
			chosen.join(','),
		)
		await releaseHold(db, id)
		expect((await getHold(db, id, 5)).status).toBe('released')
		expect(await db.selectFrom('ferry_seat_claims').selectAll().where('hold_id', '=', id).execute()).toEqual([])
	})

	test('a lapsed hold releases its seats: the next traveller can hold them', async () => {
		const { db } = get()
		const query = nextQuery(1)
		const sailing = (await searchOperator(setup, 'sealink', query))[0]!
		const long = new Date(Date.now() - 11 * 60_000)
		const first = await holdSeats(db, setup, { operator: 'sealink', sailingKey: sailing.key, classCode: 'R', seats: ['R1'], query }, settings, long)
		// Past its ten minutes, the seat is taken by the next hold without a sweep…
		const second = await holdSeats(db, setup, { operator: 'sealink', sailingKey: sailing.key, classCode: 'R', seats: ['R1'], query }, settings)
		expect(second.id).not.toBe(first.id)
		// …and the lapsed hold reads as lapsed; the sweep finds nothing left to do for it.
		expect((await getHold(db, first.id, 5)).status).toBe('lapsed')
		expect(await releaseLapsedHolds(db)).toBe(0)
		const third = await holdSeats(db, setup, { operator: 'sealink', sailingKey: sailing.key, classCode: 'R', seats: ['R2'], query }, settings, long)
		expect(await releaseLapsedHolds(db)).toBe(1)
		expect((await getHold(db, third.id, 5)).status).toBe('lapsed')
	})

	test('sold between search and hold, the wrong number of seats, an operator that is down: each refused with its 4xx/503, nothing held', async () => {
		const { db } = get()
		const query = nextQuery(2)
		const sailing = (await searchOperator(setup, 'sealink', query))[0]!
		standIns.sealink.sell('trip-nautika-0800', '9')
		const sold = await refusal(holdSeats(db, setup, { operator: 'sealink', sailingKey: sailing.key, classCode: 'L', seats: ['9', '10'], query }, settings))
		expect(sold).toBeInstanceOf(SeatsTaken)
		expect(sold.status).toBe(409)
		expect((sold as SeatsTaken).freeSeats).toHaveLength(2)
		expect((await refusal(holdSeats(db, setup, { operator: 'sealink', sailingKey: sailing.key, classCode: 'L', seats: ['10'], query }, settings))).status).toBe(
			400,
		)
		standIns.sealink.state.fail500 = true
		try {
			expect(
				(await refusal(holdSeats(db, setup, { operator: 'sealink', sailingKey: sailing.key, classCode: 'L', seats: ['10', '11'], query }, settings))).status,
			).toBe(503)
		} finally {
			standIns.sealink.state.fail500 = false
		}
		const notConfigured = operatorsFromEnv({ ...standIns.env(), SEALINK_TOKEN: '' })
		expect(
			(await refusal(holdSeats(db, notConfigured, { operator: 'sealink', sailingKey: sailing.key, classCode: 'L', seats: ['10', '11'], query }, settings)))
				.status,
		).toBe(404)
		expect(await db.selectFrom('ferry_seat_holds').select('id').where('sailing_key', '=', sailing.key).execute()).toEqual([])
	})

	test('the operator refusing its block after our claim frees our claim again (Green Ocean seat already blocked elsewhere)', async () => {
		const { db } = get()
		const query = nextQuery(1)
		const sailing = (await searchOperator(setup, 'green-ocean', query))[0]!
		// Another agency blocks seat 5 at the operator after our seat list was read.
		standIns.greenOcean.blocks.set('7|1|5', Date.now() + 60_000)
		const layoutBefore = standIns.greenOcean.state.calls.length
		const error = await refusal(holdSeats(db, setup, { operator: 'green-ocean', sailingKey: sailing.key, classCode: '1', seats: ['5'], query }, settings))
		expect(standIns.greenOcean.state.calls.length).toBeGreaterThan(layoutBefore)
		expect(error.status).toBe(409)
		expect(await db.selectFrom('ferry_seat_claims').selectAll().where('sailing_key', '=', sailing.key).execute()).toEqual([])
		standIns.greenOcean.blocks.delete('7|1|5')
	})

	test('the job runner’s sweep releases a lapsed hold on its own: its seats are free on the seat list again, and it stops', async () => {
		const { db } = get()
		const query = nextQuery(1)
		const sailing = (await searchOperator(setup, 'sealink', query))[0]!
		const { id } = await holdSeats(
			db,
			setup,
			{ operator: 'sealink', sailingKey: sailing.key, classCode: 'L', seats: ['7'], query },
			settings,
			new Date(Date.now() - 11 * 60_000),
		)
		expect(await db.selectFrom('ferry_seat_claims').select('seat').where('hold_id', '=', id).execute()).toHaveLength(1)
		const { handlers, recurring } = backgroundJobs({
			SITE_URL: 'https://example.travel',
			SMTP_URL: undefined,
			DATABASE_URL: get().url,
			STORAGE_DIR: 'unused',
			BACKUP_DIR: 'unused',
			BACKUP_EVERY: null,
			BACKUP_KEEP: 3,
			NODE_ENV: 'test',
		})
		const stop = startJobRunner(() => db, {
			handlers: { 'ferry-hold-sweep': handlers['ferry-hold-sweep']! },
			recurring: recurring.filter((job) => job.kind === 'ferry-hold-sweep'),
			pollMs: 20,
			firstDelayMs: 5,
			worker: 'sweep-test',
		})
		try {
			for (
				let i = 0;
				i < 100 && (await db.selectFrom('ferry_seat_holds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status === 'held';
				i++
			)
				await new Promise((resolve) => setTimeout(resolve, 20))
		} finally {
			await stop()
		}
		expect((await db.selectFrom('ferry_seat_holds').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('lapsed')
		expect(await db.selectFrom('ferry_seat_claims').select('seat').where('hold_id', '=', id).execute()).toEqual([])
		const { seats } = await seatsWithHolds(db, setup, 'sealink', sailing.key, query, 'L')
		expect(seats.find((seat) => seat.id === '7')!.available).toBe(true)
	})
})
