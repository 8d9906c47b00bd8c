import { expect, test } from 'vitest'
import { checkoutFormSchema, legKey, operatorPassenger, parseCheckoutPassengers } from './checkout.ts'

const row = (i: number, values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([part, value]) => [`p${i}${part}`, value]))
const adult = (i: number, extra: Record<string, string> = {}) =>
	row(i, { Name: `Adult ${i}`, Age: '30', Gender: 'female', Nationality: 'indian', IdType: 'aadhaar', IdNumber: '1234 5678', ...extra })
const party = { adults: 1, infants: 1, travelDate: '2027-01-10' }

test('one row per adult and infant, by age; a foreign national needs the passport’s expiry and country', () => {
	const ok = parseCheckoutPassengers(
		{
			...adult(1, { Nationality: 'foreign', IdType: 'passport', IdNumber: 'X1234567', PassportExpiry: '2030-01-01', Country: 'France' }),
			...adult(2, { Age: '1', IdType: 'birth_certificate' }),
		},
		party,
	)
	expect(ok).toMatchObject({
		ok: true,
		passengers: [
			{ country: 'France', passportExpiry: '2030-01-01' },
			{ age: 1, country: null },
		],
	})
	const noCountry = parseCheckoutPassengers(
		{ ...adult(1, { Nationality: 'foreign', IdType: 'passport', IdNumber: 'X1234567', PassportExpiry: '2030-01-01' }), ...adult(2, { Age: '1' }) },
		party,
	)
	expect(noCountry).toMatchObject({ ok: false, errors: { p1Country: expect.stringContaining('country') } })
	expect(parseCheckoutPassengers({ ...adult(1), ...adult(2) }, party)).toMatchObject({
		ok: false,
		errors: { form: expect.stringContaining('one row for each traveller') },
	})
	expect(parseCheckoutPassengers({ ...adult(1, { Gender: 'other' }), ...adult(2, { Age: '0' }) }, party)).toMatchObject({
		ok: false,
		errors: { p1Gender: expect.stringContaining('male or female') },
	})
})

test('the leg key is the hold’s, so every retry of a leg sends the same key; passengers reach the adapters as they need them', () => {
	expect(legKey('abc')).toBe(legKey('abc'))
	expect(operatorPassenger({ name: 'A', age: 3, gender: 'male', nationality: 'indian', idType: 'aadhaar', idNumber: '1234', passportExpiry: null })).toEqual({
		name: 'A',
		age: 3,
		gender: 'male',
		nationality: 'indian',
		idType: 'aadhaar',
		idNumber: '1234',
		passportExpiry: null,
		country: null,
	})
})

test('the form schema names every passenger field and reads the contact and passengers, or says what to fix', () => {
	const schema = checkoutFormSchema(party)
	const form = { intent: 'checkout', name: 'Meera Nair', phone: '+91 98765 43210', email: 'meera@example.com', ...adult(1), ...adult(2, { Age: '0' }) }
	expect(schema.safeParse(form)).toMatchObject({ success: true, data: { contact: { name: 'Meera Nair' }, passengers: [{ name: 'Adult 1' }, { age: 0 }] } })
	const bad = schema.safeParse({ ...form, email: 'nope', p2Age: '30' })
	expect(bad.success).toBe(false)
	expect(bad.error!.issues.map((issue) => issue.path.join('.'))).toContain('email')
	expect(Object.keys((schema as unknown as { in: { shape: object } }).in.shape)).toContain('p12Country')
})
