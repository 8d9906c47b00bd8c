import type { SailingClass } from './operator.ts'

/** Operator fares arrive in rupees, sometimes with paise (Makruzz GST 155.25): paise, rounded to the nearest. */
export function rupeesToPaise(rupees: number): number {
	return Math.round(rupees * 100)
}

/** Per adult, all parts. */
export function adultFare(cls: Pick<SailingClass, 'fare'>): number {
	return cls.fare.base + cls.fare.portFee + cls.fare.gst
}

/** What the operator charges for a party: adults at the full fare, infants at the infant fare. */
export function operatorTotal(cls: Pick<SailingClass, 'fare' | 'infantFare'>, adults: number, infants: number): number {
	return adultFare(cls) * adults + cls.infantFare * infants
}

/** Our price: the operator's total with the settings' markup, rounded up to the whole rupee. */
export function sellPrice(operatorPaise: number, markupPercent: number): number {
	const raw = operatorPaise + Math.ceil((operatorPaise * markupPercent) / 100)
	return Math.ceil(raw / 100) * 100
}

/** Duration between two HH:MM times the same day (a sailing never crosses midnight here). */
export function durationMinutes(departs: string, arrives: string): number {
	const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
	return Math.max(0, minutes(arrives) - minutes(departs))
}

export function durationLabel(minutes: number): string {
	const hours = Math.floor(minutes / 60)
	const rest = minutes % 60
	return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** "08:05 AM" / "8:5" / {hour, minute} → "08:05". Null when it is not a time. */
export function clockTime(value: string | { hour: number; minute: number }): string | null {
	if (typeof value === 'object') return validTime(value.hour, value.minute)
	const match = /^\s*(\d{1,2}):(\d{1,2})(?::\d{2})?\s*(AM|PM)?\s*$/i.exec(value)
	if (!match) return null
	let hour = Number(match[1])
	const meridiem = match[3]?.toUpperCase()
	if (meridiem === 'PM' && hour < 12) hour += 12
	if (meridiem === 'AM' && hour === 12) hour = 0
	return validTime(hour, Number(match[2]))
}

function validTime(hour: number, minute: number): string | null {
	if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null
	return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

/** YYYY-MM-DD → dd-mm-yyyy (Sealink and Green Ocean). */
export function ddmmyyyy(isoDate: string): string {
	const [year, month, day] = isoDate.split('-')
	return `${day}-${month}-${year}`
}
