/** The three operator adapters against their local stand-ins (tests/support/ferry-operator-stand-ins.ts), and the parallel search. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startFerryStandIns } from '#tests/support/ferry-operator-stand-ins.ts'
import { watchStalls } from '#tests/support/clock.ts'
import { OperatorError, type Passenger, type SearchQuery } from '~/features/ferries/domain/live/operator.ts'
import { greenOceanHash } from './green-ocean.server.ts'
import { adapterFor, operatorsFromEnv } from './operators.server.ts'
import { clearSearchCache, searchSailings } from './search.server.ts'

let standIns: Awaited<ReturnType<typeof startFerryStandIns>>
beforeAll(async () => {
	standIns = await startFerryStandIns()
})
afterAll(() => standIns.stop())
beforeEach(() => {
	clearSearchCache()
	for (const standIn of [standIns.sealink, standIns.makruzz, standIns.greenOcean])
		Object.assign(standIn.state, { hang: false, fail500: false, malformed: false, delayMs: 0, expireBlocks: false })
})

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
const query: SearchQuery = { from: 'port-blair', to: 'havelock', date: tomorrow, adults: 2, infants: 0 }
const signal = () => AbortSignal.timeout(2000)
const passengers: Passenger[] = [
	{ name: 'Anita Rao', age: 34, gender: 'female', nationality: 'indian', idType: 'aadhaar', idNumber: '123456789012', passportExpiry: null, country: null },
	{
		name: 'Tom Berg',
		age: 40,
		gender: 'male',
		nationality: 'foreign',
		idType: 'passport',
		idNumber: 'N1234567',
		passportExpiry: '2030-01-01',
		country: 'Norway',
	},
]
const contact = { name: 'Anita Rao', phone: '9876543210', email: 'anita@example.com' }

async function rejection(promise: Promise<unknown>): Promise<OperatorError> {
	try {
		await promise
	} catch (error) {
		if (error instanceof OperatorError) return error
		throw error
	}
	throw new Error('expected a refusal')
}

describe('configuration', () => {
	test('an operator without all its variables is not searched; nothing else calls out; demo only where allowed', () => {
		expect(operatorsFromEnv({ NODE_ENV: 'production' }).adapters).toEqual([])
		expect(operatorsFromEnv({ NODE_ENV: 'production', SEALINK_API_URL: 'https://api.gonautika.com:8012/', SEALINK_USERNAME: 'x' }).adapters).toEqual([])
		expect(operatorsFromEnv({ NODE_ENV: 'production', FERRY_DEMO_OPERATOR: 'true' }).demo).toBe(false)
		expect(operatorsFromEnv({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).adapters.map((a) => a.operator)).toEqual(['demo'])
		expect(operatorsFromEnv({ NODE_ENV: 'development', FERRY_DEMO_OPERATOR: 'false' }).adapters).toEqual([])
		expect(operatorsFromEnv(standIns.env()).adapters.map((a) => a.operator)).toEqual(['sealink', 'makruzz', 'green-ocean'])
	})
})

describe('search across the stand-ins', () => {
	test('every operator answers: sailings from all three, fare parts and our markup in paise', async () => {
		const answer = await searchSailings(operatorsFromEnv(standIns.env()), query, 5)
		expect(answer.failures).toEqual([])
		expect(new Set(answer.sailings.map((s) => s.operator))).toEqual(new Set(['sealink', 'makruzz', 'green-ocean']))
		const makruzz = answer.sailings.find((s) => s.operator === 'makruzz' && s.vessel === 'Makruzz')!
		expect(makruzz.departs).toBe('08:00')
		expect(makruzz.classes[0]!.fare).toEqual({ base: 172_500, portFee: 5_000, gst: 31_050 })
		expect(makruzz.classes[0]!.total).toBe(Math.ceil((208_550 * 2 * 1.05) / 100) * 100)
		const green = answer.sailings.find((s) => s.operator === 'green-ocean')!
		expect(green.departs).toBe('06:30')
		expect(green.classes.map((c) => c.name)).toEqual(['Economy', 'Premium'])
		expect(green.classes[0]!.fare).toEqual({ base: 115_000, portFee: 5_000, gst: 0 })
		const nautika = answer.sailings.find((s) => s.vessel === 'Nautika')!
		expect(nautika.classes.map((c) => [c.code, c.name, c.seatsLeft])).toEqual([
			['L', 'Luxury', 12],
			['R', 'Royal', 4],
		])
	})

	test('one operator never answering is reported after its time-out, and the others are shown', async () => {
		standIns.greenOcean.state.hang = true
		const longestStall = watchStalls()
		const started = Date.now()
		const answer = await searchSailings(operatorsFromEnv(standIns.env(300)), query, 0)
		expect(Date.now() - started).toBeLessThan(1500 + longestStall())
		expect(answer.failures).toEqual([expect.objectContaining({ operator: 'green-ocean', kind: 'unreachable' })])
		expect(answer.sailings.some((s) => s.operator === 'sealink')).toBe(true)
		expect(answer.sailings.some((s) => s.operator === 'makruzz')).toBe(true)
	})

	test('a 500, a malformed answer and refused credentials each become a named failure, not a crash', async () => {
		standIns.sealink.state.fail500 = true
		standIns.makruzz.state.malformed = true
		const env = { ...standIns.env(), GREEN_OCEAN_PRIVATE_KEY: 'wrong-private-key' }
		const answer = await searchSailings(operatorsFromEnv(env), query, 0)
		const byOperator = Object.fromEntries(answer.failures.map((f) => [f.operator, f.kind]))
		expect(byOperator).toEqual({ sealink: 'unreachable', makruzz: 'malformed', 'green-ocean': 'refused' })
		expect(JSON.stringify(answer)).not.toContain('wrong-private-key')
		expect(JSON.stringify(answer)).not.toContain('sealink-token-123')
	})

	test('a wrong Sealink token and a wrong Makruzz password are refused', async () => {
		const env = { ...standIns.env(), SEALINK_TOKEN: 'stale', MAKRUZZ_PASSWORD: 'nope' }
		const answer = await searchSailings(operatorsFromEnv(env), query, 0)
		expect(Object.fromEntries(answer.failures.map((f) => [f.operator, f.kind]))).toEqual({ sealink: 'refused', makruzz: 'refused' })
	})

	test('answers are cached briefly: a second search does not call the operator again', async () => {
		const setup = operatorsFromEnv(standIns.env())
		await searchSailings(setup, query, 0)
		const calls = standIns.greenOcean.state.calls.length
		await searchSailings(setup, query, 0)
		expect(standIns.greenOcean.state.calls.length).toBe(calls)
	})
})

describe('hold and book through each operator', () => {
	test('Green Ocean: the documented hash; seat layout, temporary block, ticket with PNR and PDF; an expired block is named', async () => {
		expect(greenOceanHash([1, 2, 1, 0, '24-09-2024'], 'pub', 'priv')).toMatch(/^[0-9a-f]{128}$/)
		const setup = operatorsFromEnv(standIns.env())
		const adapter = adapterFor(setup, 'green-ocean')!
		const [sailing] = await adapter.search(query, signal())
		const layout = await adapter.seatLayout(sailing!, '1', signal())
		expect(layout[0]).toEqual({ id: '1', label: 'E1', available: true })
		const request = { sailing: sailing!, classCode: '1', seats: ['1', '2'], adults: 2, infants: 0 }
		expect(await adapter.hold(request, signal())).toEqual({ ref: '1,2' })
		// Someone else's block of the same seats is refused as sold out.
		expect((await rejection(adapter.hold(request, signal()))).kind).toBe('sold-out')
		const ticket = await adapter.book({ ...request, operatorHoldRef: '1,2', passengers, contact, idempotencyKey: 'leg-1' }, signal())
		expect(ticket.pnr).toMatch(/^GO\d+$/)
		expect(Buffer.from(ticket.pdfBase64!, 'base64').toString()).toContain('%PDF')
		expect(ticket.operatorTotal).toBe(240_000)
		standIns.greenOcean.state.expireBlocks = true
		expect(
			(await rejection(adapter.book({ ...request, seats: ['3', '4'], operatorHoldRef: null, passengers, contact, idempotencyKey: 'leg-2' }, signal()))).kind,
		).toBe('hold-expired')
	})

	test('Sealink: a seat sold between search and hold is sold out; booking twice with one key buys one ticket', async () => {
		const adapter = adapterFor(operatorsFromEnv(standIns.env()), 'sealink')!
		const [sailing] = await adapter.search(query, signal())
		standIns.sealink.sell('trip-nautika-0800', '5')
		expect((await rejection(adapter.hold({ sailing: sailing!, classCode: 'L', seats: ['5', '6'], adults: 2, infants: 0 }, signal()))).kind).toBe('sold-out')
		const request = {
			sailing: sailing!,
			classCode: 'L',
			seats: ['7', '8'],
			adults: 2,
			infants: 0,
			operatorHoldRef: null,
			passengers,
			contact,
			idempotencyKey: 'same-leg',
		}
		const first = await adapter.book(request, signal())
		const again = await adapter.book(request, signal())
		expect(again.pnr).toBe(first.pnr)
		expect((await rejection(adapter.book({ ...request, idempotencyKey: 'other' }, signal()))).kind).toBe('sold-out')
	})

	test('Makruzz: no seat map; save passengers → confirm → PNR; a lapsed booking session is named; a stale token is renewed', async () => {
		const adapter = adapterFor(operatorsFromEnv(standIns.env()), 'makruzz')!
		const sailings = await adapter.search(query, signal())
		const gold = sailings.find((s) => s.vessel === 'Makruzz Gold')!
		expect(await adapter.seatLayout(gold, gold.classes[0]!.code, signal())).toEqual([])
		const request = {
			sailing: gold,
			classCode: gold.classes[0]!.code,
			seats: [],
			adults: 2,
			infants: 0,
			operatorHoldRef: null,
			passengers,
			contact,
			idempotencyKey: 'mk-leg',
		}
		standIns.makruzz.tokens.clear()
		const ticket = await adapter.book(request, signal())
		expect(ticket.pnr).toMatch(/^MK\d+$/)
		expect((await adapter.book(request, signal())).pnr).toBe(ticket.pnr)
		standIns.makruzz.left.set('765', 1)
		expect((await rejection(adapter.hold({ ...request }, signal()))).kind).toBe('sold-out')
		standIns.makruzz.state.expireBlocks = true
		standIns.makruzz.left.set('764', 10)
		const premium = sailings.find((s) => s.vessel === 'Makruzz')!
		expect((await rejection(adapter.book({ ...request, sailing: premium, classCode: premium.classes[0]!.code, idempotencyKey: 'mk-2' }, signal()))).kind).toBe(
			'hold-expired',
		)
	})
})
