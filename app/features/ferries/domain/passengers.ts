import { isIsoDate } from '~/lib/dates.ts'
import { z } from '~/lib/zod.ts'

/** Ferry passengers with ID (docs/product.md): operators print a manifest and check ID at the gate. */
export const genders = ['female', 'male', 'other'] as const
export const nationalities = ['indian', 'foreign'] as const
export const idTypes = ['aadhaar', 'passport', 'voter_id', 'driving_licence', 'birth_certificate', 'other'] as const
export const idTypeLabels: Record<(typeof idTypes)[number], string> = {
	aadhaar: 'Aadhaar',
	passport: 'Passport',
	voter_id: 'Voter ID',
	driving_licence: 'Driving licence',
	birth_certificate: 'Birth certificate (infants, children)',
	other: 'Other government photo ID',
}
/** Infants travel on a lap: 0–1 years (the settings' default band). */
export const infantMaxAge = 1
export const maxPassengers = 12

export type Passenger = {
	name: string
	age: number
	gender: (typeof genders)[number]
	nationality: (typeof nationalities)[number]
	idType: (typeof idTypes)[number]
	idNumber: string
	passportExpiry: string | null
	/** A foreign national's passport country, where the form asks for it (live tickets). */
	country?: string | null
}

export const passengerField = (index: number, part: 'name' | 'age' | 'gender' | 'nationality' | 'idType' | 'idNumber' | 'passportExpiry' | 'country') =>
	`p${index + 1}${part.charAt(0).toUpperCase()}${part.slice(1)}`

const passengerParts = ['name', 'age', 'gender', 'nationality', 'idType', 'idNumber', 'passportExpiry'] as const

/**
 * The passenger rows as posted (p1Name … p12PassportExpiry), each a string or missing: the form's one
 * schema names every field, and `parsePassengers` then checks the rows against the travel date.
 */
export const passengerRowsSchema = z.object({
	intent: z.literal('passengers'),
	...(Object.fromEntries(
		Array.from({ length: maxPassengers }, (_, i) => passengerParts.map((part) => [passengerField(i, part), z.string().optional()])).flat(),
	) as Record<string, z.ZodOptional<z.ZodString>>),
})

/**
 * Passenger rows from a flat form (p1Name, p1Age, …). Rows with no name are
 * ignored. Foreign nationals travel on a passport, which must still be valid
 * on the travel date.
 */
export function parsePassengers(
	values: Record<string, string | undefined>,
	travelDate: string,
	options: { countryRequired?: boolean } = {},
): { ok: true; passengers: Passenger[] } | { ok: false; errors: Record<string, string> } {
	const errors: Record<string, string> = {}
	const passengers: Passenger[] = []
	for (let i = 0; i < maxPassengers; i++) {
		const get = (part: Parameters<typeof passengerField>[1]) => (values[passengerField(i, part)] ?? '').trim()
		const name = get('name')
		if (!name) continue
		const who = `Passenger ${i + 1}`
		const ageText = get('age')
		const age = Number(ageText)
		if (name.length > 120) errors[passengerField(i, 'name')] = `${who}: keep the name under 120 characters.`
		if (!ageText || !Number.isInteger(age) || age < 0 || age > 120) errors[passengerField(i, 'age')] = `${who}: enter the age in whole years (0 for a baby).`
		const gender = get('gender')
		if (!(genders as readonly string[]).includes(gender)) errors[passengerField(i, 'gender')] = `${who}: choose a gender.`
		const nationality = get('nationality')
		if (!(nationalities as readonly string[]).includes(nationality)) errors[passengerField(i, 'nationality')] = `${who}: choose Indian or foreign national.`
		const idType = get('idType')
		const idNumber = get('idNumber').toUpperCase()
		const passportExpiry = get('passportExpiry') || null
		if (!(idTypes as readonly string[]).includes(idType)) errors[passengerField(i, 'idType')] = `${who}: choose the ID document.`
		else if (nationality === 'foreign' && idType !== 'passport')
			errors[passengerField(i, 'idType')] = `${who}: foreign nationals travel on their passport. Choose passport.`
		if (!/^[A-Z0-9 /-]{4,30}$/.test(idNumber)) errors[passengerField(i, 'idNumber')] = `${who}: enter the ID number as printed (4–30 letters and digits).`
		if (nationality === 'foreign' || idType === 'passport') {
			if (!passportExpiry || !isIsoDate(passportExpiry)) errors[passengerField(i, 'passportExpiry')] = `${who}: enter the passport’s expiry date.`
			else if (passportExpiry < travelDate)
				errors[passengerField(i, 'passportExpiry')] = `${who}: the passport expires before the sailing. A valid passport is needed to board.`
		}
		const country = get('country') || null
		if (options.countryRequired && nationality === 'foreign' && (!country || country.length > 60))
			errors[passengerField(i, 'country')] = `${who}: enter the country that issued the passport.`
		passengers.push({
			name,
			age,
			gender: gender as Passenger['gender'],
			nationality: nationality as Passenger['nationality'],
			idType: idType as Passenger['idType'],
			idNumber,
			passportExpiry: nationality === 'foreign' || idType === 'passport' ? passportExpiry : null,
			...(options.countryRequired ? { country: nationality === 'foreign' ? country : null } : {}),
		})
	}
	if (Object.keys(errors).length) return { ok: false, errors }
	return { ok: true, passengers }
}

export function isInfant(passenger: Pick<Passenger, 'age'>): boolean {
	return passenger.age <= infantMaxAge
}
