/**
 * GST state codes and GSTIN checks (docs/decisions/115-gst-tax-invoices.md).
 * A GSTIN is 15 characters: the 2-digit state code, the holder's PAN (10), the
 * entity number (1–9, A–Z), "Z", and a check character.
 */
export const gstStates = {
	'01': 'Jammu and Kashmir',
	'02': 'Himachal Pradesh',
	'03': 'Punjab',
	'04': 'Chandigarh',
	'05': 'Uttarakhand',
	'06': 'Haryana',
	'07': 'Delhi',
	'08': 'Rajasthan',
	'09': 'Uttar Pradesh',
	'10': 'Bihar',
	'11': 'Sikkim',
	'12': 'Arunachal Pradesh',
	'13': 'Nagaland',
	'14': 'Manipur',
	'15': 'Mizoram',
	'16': 'Tripura',
	'17': 'Meghalaya',
	'18': 'Assam',
	'19': 'West Bengal',
	'20': 'Jharkhand',
	'21': 'Odisha',
	'22': 'Chhattisgarh',
	'23': 'Madhya Pradesh',
	'24': 'Gujarat',
	'26': 'Dadra and Nagar Haveli and Daman and Diu',
	'27': 'Maharashtra',
	'29': 'Karnataka',
	'30': 'Goa',
	'31': 'Lakshadweep',
	'32': 'Kerala',
	'33': 'Tamil Nadu',
	'34': 'Puducherry',
	'35': 'Andaman and Nicobar Islands',
	'36': 'Telangana',
	'37': 'Andhra Pradesh',
	'38': 'Ladakh',
	'97': 'Other Territory',
} as const

export type StateCode = keyof typeof gstStates
export const stateCodes = Object.keys(gstStates) as StateCode[]
export const andamanStateCode: StateCode = '35'

/**
 * Union territories without a legislature charge UTGST instead of SGST within
 * themselves (UTGST Act 2017, s. 2(8)); Delhi, Puducherry and Jammu and Kashmir
 * have legislatures and charge SGST.
 */
export const utgstTerritories: ReadonlySet<StateCode> = new Set(['04', '26', '31', '35', '38', '97'])

export function isStateCode(value: string): value is StateCode {
	return Object.hasOwn(gstStates, value)
}

/** "35-Andaman and Nicobar Islands": how GSTR-1 names a place of supply. */
export function stateLabel(code: StateCode): string {
	return `${code}-${gstStates[code]}`
}

const gstinPattern = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
const checkAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** The check character of the first 14 characters (GSTN's base-36 Luhn variant). */
export function gstinCheckCharacter(first14: string): string {
	let sum = 0
	for (let index = 0; index < 14; index++) {
		const product = checkAlphabet.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2)
		sum += Math.floor(product / 36) + (product % 36)
	}
	return checkAlphabet[(36 - (sum % 36)) % 36]!
}

/** Why a GSTIN cannot be right, in words for staff; null when it is a well-formed GSTIN with a known state and the right check character. */
export function gstinProblem(input: string): string | null {
	const gstin = normaliseGstin(input)
	if (gstin.length !== 15) return `A GSTIN has 15 characters; this one has ${gstin.length}.`
	if (!gstinPattern.test(gstin))
		return 'A GSTIN is 2 digits (the state), the 10-character PAN, 1 more character, Z and a check character, e.g. 35AABCA1234F1ZC.'
	if (!isStateCode(gstin.slice(0, 2))) return `A GSTIN starts with a state code; ${gstin.slice(0, 2)} is not one.`
	if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'This GSTIN’s last character does not match the rest: check it for a typing mistake.'
	return null
}

export function normaliseGstin(input: string): string {
	return input.replace(/\s+/g, '').toUpperCase()
}

/** The state a (valid) GSTIN is registered in: its first two digits. */
export function stateOfGstin(gstin: string): StateCode {
	const code = normaliseGstin(gstin).slice(0, 2)
	if (!isStateCode(code)) throw new Error(`Not a GST state code: ${code}`)
	return code
}
