import { expect, test } from 'vitest'
import { childAgeRule } from '~/features/rates/domain/age-bands.ts'
import { bookingPriceFrom, plannedTripCost, partyFromValues, parseTravellers, pricedTripKey, tierProblem, tripSchema, tripSchemaFor } from './book-now.ts'

/** One traveller with an Aadhaar card, as the form sends it; each test changes what it is about. */
const oneTraveller = {
	t1Name: 'Rohan Das',
	t1Age: '34',
	t1Gender: 'male',
	t1IdType: 'aadhaar',
	t1IdNumber: '1234 5678 9012',
	contactName: 'Rohan Das',
	contactPhone: '98111 00011',
	acceptTerms: 'on',
}

const pkg = { prices: { standard: 2_900_000, deluxe: 4_050_000, premium: null } }

test('the trip comes from the URL and refuses nonsense with plain messages', () => {
	expect(tripSchema.parse({ package: 'neil-2n', tier: 'standard', startDate: '2027-01-10', adults: '2', childAges: '5, 11', infants: '1' })).toEqual({
		package: 'neil-2n',
		tier: 'standard',
		startDate: '2027-01-10',
		adults: 2,
		childAges: [5, 11],
		infants: 1,
	})
	const bad = tripSchema.safeParse({ package: 'x', tier: 'gold', startDate: '2027-02-30', adults: '0', childAges: '1, ten' })
	const messages = bad.error!.issues.map((issue) => issue.message).join(' | ')
	expect(messages).toMatch(/hotel category/)
	expect(messages).toMatch(/date you arrive/)
	expect(messages).toMatch(/At least one adult/)
	expect(messages).toMatch(/from 2 to 11/)
	// No arrival date is assumed: a missing one is asked for.
	expect(tripSchema.safeParse({ package: 'x', tier: 'standard', adults: '2' }).error?.issues.map((issue) => issue.message)).toEqual([
		'Choose the date you arrive in Port Blair.',
	])
})

test('children’s ages follow the age bands in settings, the same rule as the builder', () => {
	// 12 and over travel as adults under the default bands; an owner who counts children up to 14 gets 12.
	expect(tripSchema.safeParse({ package: 'x', tier: 'standard', startDate: '2027-01-10', adults: '2', childAges: '13' }).error?.issues[0]?.message).toBe(
		childAgeRule({ infantMaxAge: 1, childMaxAge: 11 }).message,
	)
	const older = childAgeRule({ infantMaxAge: 1, childMaxAge: 14 })
	expect(tripSchemaFor(older).parse({ package: 'x', tier: 'standard', startDate: '2027-01-10', adults: '2', childAges: '13' }).childAges).toEqual([13])
})

test('a package booking’s price is the engine’s for its date: the traveller’s lines with their dates, then GST, adding up to the total charged', () => {
	const shown = {
		lines: [
			{ kind: 'hotel' as const, description: 'Sea Shell Havelock, 2 nights', amount: 2_400_000, dates: ['2027-07-10', '2027-07-11'] },
			{ kind: 'ferry' as const, description: 'Ferry Port Blair → Havelock', amount: 300_000, dates: ['2027-07-10'] },
		],
		gst: 135_000,
		gstPercent: 5,
		total: 2_835_000,
		perPerson: 1_417_500,
		payingTravellers: 2,
	}
	const price = bookingPriceFrom(shown)
	expect(price.lines).toEqual([
		{ label: 'Sea Shell Havelock, 2 nights', quantity: 1, unit: 2_400_000, amount: 2_400_000, dates: ['2027-07-10', '2027-07-11'] },
		{ label: 'Ferry Port Blair → Havelock', quantity: 1, unit: 300_000, amount: 300_000, dates: ['2027-07-10'] },
		{ label: 'GST (5%)', quantity: 1, unit: 135_000, amount: 135_000 },
	])
	expect(price.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(price.total)
	expect(price).toMatchObject({ total: 2_835_000, perPerson: 1_417_500, payingTravellers: 2 })
	// No GST line when there is none.
	expect(bookingPriceFrom({ ...shown, gst: 0, total: 2_700_000 }).lines.map((line) => line.label)).not.toContain('GST (5%)')
})

test('a hotel category the package does not offer is refused in plain words', () => {
	expect(tierProblem(pkg, 'premium')).toMatch(/Premium hotels are not offered/)
	expect(tierProblem(pkg, 'standard')).toBeNull()
})

test('foreign nationals need a passport valid after the trip', () => {
	const values = {
		...oneTraveller,
		t1Name: 'Anna Schmidt',
		t1Gender: 'female',
		t1Nationality: 'German',
		t1IdNumber: 'C01X00T47',
		contactName: 'Anna Schmidt',
		contactPhone: '+49 151 23456789',
	}
	const wrongId = parseTravellers(values, 1, '2027-01-15')
	expect(wrongId.ok || wrongId.errors.t1IdType).toMatch(/need their passport/)
	const expired = parseTravellers({ ...values, t1IdType: 'passport', t1PassportExpiry: '2027-01-10' }, 1, '2027-01-15')
	expect(expired.ok || expired.errors.t1PassportExpiry).toMatch(/valid after the trip/)
	const good = parseTravellers({ ...values, t1IdType: 'passport', t1PassportExpiry: '2030-05-01' }, 1, '2027-01-15')
	expect(good.ok).toBe(true)
})

test('an Indian traveller who writes "India" or "Bharat" is Indian: an Aadhaar is enough, and "Indian" is stored', () => {
	for (const written of ['India', 'bharat', 'IND']) {
		const result = parseTravellers({ ...oneTraveller, t1Nationality: written }, 1, '2027-01-15')
		expect(result.ok).toBe(true)
		if (result.ok) expect(result.value.travellers[0]!.nationality).toBe('Indian')
	}
})

test('the terms must be accepted and the contact reachable', () => {
	const result = parseTravellers({ contactName: 'R', contactPhone: '123' }, 0, '2027-01-15')
	expect(result.ok).toBe(false)
	if (result.ok) return
	expect(Object.keys(result.errors).sort()).toEqual(['acceptTerms', 'contactName', 'contactPhone'])
})

test('every text field is bounded, with a message (a 1 MB contact name is refused, not stored)', () => {
	const values = { ...oneTraveller, contactEmail: 'rohan@example.com', specialRequests: 'Sea-facing room, please.' }
	expect(parseTravellers(values, 1, '2027-01-15').ok).toBe(true)
	const long = (field: keyof typeof values | 't1Nationality', text: string) => {
		const result = parseTravellers({ ...values, [field]: text }, 1, '2027-01-15')
		return result.ok ? null : result.errors
	}
	expect(long('contactName', 'R'.repeat(1_000_000))?.contactName).toBe('Keep the name under 120 characters.')
	expect(long('t1Name', 'R'.repeat(121))?.t1Name).toMatch(/under 120 characters/)
	expect(long('t1Nationality', 'N'.repeat(61))?.t1Nationality).toMatch(/under 60 characters/)
	expect(long('t1IdNumber', '1'.repeat(31))?.t1IdNumber).toMatch(/number/)
	expect(long('contactPhone', '9'.repeat(41))?.contactPhone).toBeTruthy()
	expect(long('contactEmail', `${'e'.repeat(200)}@example.com`)?.contactEmail).toMatch(/under 200 characters/)
	expect(long('specialRequests', 'x'.repeat(2001))?.specialRequests).toMatch(/under 2,000 characters/)
	expect(tripSchema.safeParse({ package: 'x', tier: 'standard', startDate: '2027-01-10', adults: '2', childAges: '5, '.repeat(50) }).success).toBe(false)
})

test('the priced key changes with every choice of the trip and with its total, not with the order of its fields', () => {
	const carry = { package: 'neil-2n', tier: 'standard', startDate: '2027-01-10', adults: '2', childAges: '', infants: '0' }
	const key = pricedTripKey({ carry, price: { total: 100 } })
	expect(pricedTripKey({ carry: Object.fromEntries(Object.entries(carry).reverse()), price: { total: 100 } })).toBe(key)
	for (const [name, value] of [
		['tier', 'deluxe'],
		['startDate', '2027-01-20'],
		['adults', '3'],
		['childAges', '5'],
		['infants', '1'],
	] as const)
		expect(pricedTripKey({ carry: { ...carry, [name]: value }, price: { total: 100 } }), name).not.toBe(key)
	expect(pricedTripKey({ carry, price: { total: 101 } })).not.toBe(key)
})

test('the traveller rows of a trip that cannot be priced yet come from what was typed, within bounds', () => {
	expect(partyFromValues({})).toEqual({ adults: 2, childAges: [], infants: 0 })
	expect(partyFromValues({ adults: '3', childAges: '5, x, 9', infants: '1' })).toEqual({ adults: 3, childAges: [5, 9], infants: 1 })
	expect(partyFromValues({ adults: '500', infants: '-2' })).toEqual({ adults: 12, childAges: [], infants: 0 })
})

test('messages: email unless chosen; WhatsApp only with its own opt-in box; anything else is email', () => {
	const channelOf = (values: Record<string, string>) => parseTravellers({ ...oneTraveller, ...values }, 1, '2027-01-20')
	expect(channelOf({}).value).toMatchObject({ messageChannel: 'email', whatsappOptIn: false })
	expect(channelOf({ messageChannel: 'sms' }).value).toMatchObject({ messageChannel: 'sms' })
	expect(channelOf({ messageChannel: 'whatsapp', whatsappOptIn: 'on' }).value).toMatchObject({ messageChannel: 'whatsapp', whatsappOptIn: true })
	expect(channelOf({ messageChannel: 'whatsapp' }).errors).toEqual({ whatsappOptIn: 'Tick the box to agree to WhatsApp messages, or choose SMS or email.' })
	expect(channelOf({ messageChannel: 'pigeon' }).value).toMatchObject({ messageChannel: 'email' })
})

test('plannedTripCost sums the lines’ supplier costs, and is null when a sold line has no cost on file', () => {
	expect(
		plannedTripCost([
			{ sell: 1_200_000, cost: 900_000 },
			{ sell: 300_000, cost: 250_000 },
		]),
	).toBe(1_150_000)
	// A free line costs nothing and does not make the cost unknown.
	expect(
		plannedTripCost([
			{ sell: 1_000, cost: 800 },
			{ sell: 0, cost: 0 },
		]),
	).toBe(800)
	// A line sold with its cost left at 0: the trip's cost is unknown, not understated.
	expect(
		plannedTripCost([
			{ sell: 1_000, cost: 800 },
			{ sell: 500, cost: 0 },
		]),
	).toBeNull()
	expect(plannedTripCost([])).toBeNull()
})
