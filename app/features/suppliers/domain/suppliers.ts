/**
 * Suppliers (docs/decisions/189-suppliers-and-their-terms.md): the hotels, operators, cab companies,
 * ferry operators and guides a booking's components are booked with, how to reach and pay them, and
 * their payment terms. Pure: forms, terms → due dates, grouping a booking's components per supplier.
 */
import { isGstin, isPan } from '~/features/agents/domain/agent.ts'
import { netOfGst } from '~/features/reports/domain/reports.ts'
import { optionalEmailField } from '~/features/leads/domain/contact-fields.ts'
import { addDays } from '~/lib/dates.ts'
import { formList } from '~/lib/form-list.ts'
import { isId } from '~/lib/ids.ts'
import { maxMoney, parseRupees, tooMuchMoney } from '~/lib/money.ts'
import { normalizePhone } from '~/lib/phone.ts'
import { z } from '~/lib/zod.ts'

export const supplierKinds = ['hotel', 'activity', 'transport', 'ferry', 'guide', 'other'] as const
export type SupplierKind = (typeof supplierKinds)[number]
export const supplierKindLabels: Record<SupplierKind, string> = {
	hotel: 'Hotel',
	activity: 'Activity operator',
	transport: 'Transport (cabs)',
	ferry: 'Ferry operator',
	guide: 'Guide',
	other: 'Other',
}

/**
 * advance: `advancePercent` of the cost when we book, the rest `days` before the service starts;
 * before: all of it `days` before the service starts; credit: all of it `days` after the service ends.
 */
export const supplierTerms = ['advance', 'before', 'credit'] as const
export type SupplierTerms = (typeof supplierTerms)[number]
export const supplierTermsLabels: Record<SupplierTerms, string> = {
	advance: 'Advance at booking, balance before service',
	before: 'All before service',
	credit: 'Credit after service',
}

export type Terms = { terms: SupplierTerms; advancePercent: number; days: number }

/** The terms in a few words, for lists and statements. */
export function describeTerms({ terms, advancePercent, days }: Terms): string {
	const dayWord = days === 1 ? 'day' : 'days'
	switch (terms) {
		case 'advance':
			return `${advancePercent}% advance at booking, balance ${days} ${dayWord} before service`
		case 'before':
			return days === 0 ? 'Full payment on the day of service' : `Full payment ${days} ${dayWord} before service`
		case 'credit':
			return days === 0 ? 'Payment on the day of service' : `Credit: payment ${days} ${dayWord} after service`
	}
}

export type Instalment = { dueOn: string; amount: number; what: 'advance' | 'balance' | 'full' }

/**
 * What we owe a supplier for a cost (paise) and when, from their terms: `bookedOn` is the day we
 * booked (the advance is due then), `serviceStart`/`serviceEnd` the component's dates. A due date
 * before the booking day is the booking day (booked late, pay now). Amounts add up to the cost to the
 * paisa (the advance is rounded down, the balance takes the rest); a zero part is left out.
 */
export function dueInstalments(cost: number, terms: Terms, dates: { bookedOn: string; serviceStart: string; serviceEnd?: string | null }): Instalment[] {
	const notBefore = (date: string) => (date < dates.bookedOn ? dates.bookedOn : date)
	if (cost <= 0) return []
	switch (terms.terms) {
		case 'advance': {
			const advance = Math.floor((cost * terms.advancePercent) / 100)
			const parts: Instalment[] = [
				{ dueOn: dates.bookedOn, amount: advance, what: 'advance' },
				{ dueOn: notBefore(addDays(dates.serviceStart, -terms.days)), amount: cost - advance, what: 'balance' },
			]
			return parts.filter((part) => part.amount > 0)
		}
		case 'before':
			return [{ dueOn: notBefore(addDays(dates.serviceStart, -terms.days)), amount: cost, what: 'full' }]
		case 'credit':
			return [{ dueOn: notBefore(addDays(dates.serviceEnd ?? dates.serviceStart, terms.days)), amount: cost, what: 'full' }]
	}
}

const optionalText = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.optional()
		.transform((value) => value || null)

const upperOptional = (check: (value: string) => boolean, message: string) =>
	z
		.string()
		.trim()
		.max(40, message)
		.optional()
		.transform((value) => (value ? value.toUpperCase().replace(/\s/g, '') : null))
		.refine((value) => value === null || check(value), { message })

const wholeNumber = (max: number, message: string) =>
	z
		.string({ message })
		.trim()
		.regex(/^\d{1,3}$/, message)
		.transform(Number)
		.refine((value) => value <= max, { message })

/** IFSC: four letters, a zero, six letters or digits. */
export function isIfsc(value: string): boolean {
	return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value)
}

/** A UPI id: name@bank. */
export function isUpiId(value: string): boolean {
	return /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/.test(value)
}

/** Adding or editing a supplier on /admin/suppliers. */
export const supplierFormSchema = z
	.object({
		name: z.string().trim().min(2, 'Enter the supplier’s name.').max(160, 'Keep the name under 160 characters.'),
		kind: z.enum(supplierKinds, { message: 'Choose what the supplier is: hotel, activity operator, transport, ferry operator, guide or other.' }),
		contactPerson: optionalText(120, 'Keep the contact’s name under 120 characters.'),
		email: optionalEmailField.transform((value) => value ?? null),
		whatsapp: z
			.string()
			.trim()
			.max(40, 'Enter a 10-digit Indian mobile, or a number starting with + and the country code.')
			.optional()
			.transform((value, ctx) => {
				if (!value) return null
				const phone = normalizePhone(value)
				if (!phone) {
					ctx.addIssue({ code: 'custom', message: 'Enter a 10-digit Indian mobile, or a number starting with + and the country code.' })
					return z.NEVER
				}
				return phone
			}),
		gstin: upperOptional(isGstin, 'Enter the 15-character GSTIN, like 35ABCDE1234F1Z5, or leave it empty.'),
		pan: upperOptional(isPan, 'Enter the PAN as 5 letters, 4 digits and a letter, like ABCDE1234F, or leave it empty.'),
		bankAccountName: optionalText(120, 'Keep the account name under 120 characters.'),
		bankAccountNumber: z
			.string()
			.trim()
			.max(40, 'Enter the account number as 9 to 18 digits, or leave it empty.')
			.optional()
			.transform((value) => (value ? value.replace(/\s/g, '') : null))
			.refine((value) => value === null || /^\d{9,18}$/.test(value), 'Enter the account number as 9 to 18 digits, or leave it empty.'),
		bankIfsc: upperOptional(isIfsc, 'Enter the 11-character IFSC, like SBIN0001234, or leave it empty.'),
		upiId: z
			.string()
			.trim()
			.max(200, 'Enter a UPI id like name@bank, or leave it empty.')
			.optional()
			.transform((value) => value || null)
			.refine((value) => value === null || isUpiId(value), 'Enter a UPI id like name@bank, or leave it empty.'),
		terms: z.enum(supplierTerms, { message: 'Choose the payment terms.' }),
		advancePercent: wholeNumber(100, 'Enter the advance as a whole percentage from 0 to 100.'),
		termsDays: wholeNumber(180, 'Enter the number of days as a whole number from 0 to 180.'),
		notes: optionalText(2000, 'Keep the notes under 2,000 characters.'),
	})
	.refine((form) => !form.gstin || !form.pan || form.gstin.slice(2, 12) === form.pan, {
		path: ['gstin'],
		message: 'The GSTIN should contain the PAN (characters 3 to 12). Check both numbers.',
	})
	.refine((form) => form.terms !== 'advance' || form.advancePercent > 0, {
		path: ['advancePercent'],
		message: 'Advance terms need an advance above 0%; choose “All before service” otherwise.',
	})
export type SupplierForm = z.infer<typeof supplierFormSchema>

/** Most components one “Suppliers and costs” save takes (a long trip has about twenty). */
export const maxComponentAssignments = 60
const staleForm = 'That form is out of date: reload the page and try again.'

/**
 * “Suppliers and costs” on /admin/pending/{id}: each component's supplier (empty: none) and what it
 * costs us (empty: not known yet), posted as parallel lists in the order of the component ids.
 */
export const componentSuppliersSchema = z
	.object({
		intent: z.literal('component-suppliers'),
		componentId: formList(z.array(z.string().refine(isId, staleForm)).min(1, staleForm).max(maxComponentAssignments)),
		supplierId: formList(z.array(z.string().refine((value) => value === '' || isId(value), 'Choose a supplier from the list.')).max(maxComponentAssignments)),
		plannedCost: formList(z.array(z.string().trim().max(64, 'Enter the cost in rupees, like 4,500, or leave it empty.')).max(maxComponentAssignments)),
	})
	.refine((value) => value.componentId.length === value.supplierId.length && value.componentId.length === value.plannedCost.length, {
		path: ['form'],
		message: staleForm,
	})
	.transform((value, ctx) =>
		value.componentId.map((componentId, index) => {
			const typed = value.plannedCost[index]!
			const cost = typed === '' ? null : parseRupees(typed)
			if (typed !== '' && (cost === null || cost > maxMoney))
				ctx.addIssue({
					code: 'custom',
					path: ['plannedCost'],
					message: cost === null ? 'Enter each cost in rupees, like 4,500, or leave it empty.' : tooMuchMoney,
				})
			return { componentId, supplierId: value.supplierId[index] || null, plannedCost: cost }
		}),
	)
export type ComponentAssignment = z.output<typeof componentSuppliersSchema>[number]

/**
 * A booking's margin (docs/decisions/191-booking-margin-from-component-costs.md): the sell without
 * GST, the cost the booking was made with (a quote's engine cost, or null), the cost of its
 * components when every one has a cost (null while any is missing), and the margin on the best known
 * cost: the components' when complete, else the booking's. Null margin when no cost is known.
 */
export function bookingMargin(input: { total: number; gstPercent: number; bookingCost: number | null; componentCosts: ReadonlyArray<number | null> }) {
	const sellNet = netOfGst(input.total, Math.round(input.gstPercent * 100))
	const known = input.componentCosts.filter((cost): cost is number => cost !== null)
	const componentCost = input.componentCosts.length && known.length === input.componentCosts.length ? known.reduce((sum, cost) => sum + cost, 0) : null
	const cost = componentCost ?? input.bookingCost
	return {
		sellNet,
		bookingCost: input.bookingCost,
		componentCost,
		costedComponents: known.length,
		components: input.componentCosts.length,
		margin: cost === null ? null : sellNet - cost,
		basis: componentCost !== null ? ('components' as const) : input.bookingCost !== null ? ('booking' as const) : null,
	}
}

/**
 * The supplier a new hotel component gets from the hotel it names (docs/decisions/199-hotels-linked-to-their-supplier.md):
 * priced hotel lines read "{hotel name}, {island}: {room}, …", so the hotel whose name opens the
 * description (followed by a comma, a colon or nothing) is the one; the longest name wins ("Sea Shell
 * Havelock" over "Sea Shell"). Null for other kinds, or when no linked hotel is named.
 */
export function supplierFromHotel(
	component: { kind: string; description: string },
	hotels: ReadonlyArray<{ name: string; supplierId: string; supplierName: string }>,
): { supplierId: string; supplierName: string } | null {
	if (component.kind !== 'hotel') return null
	const text = component.description.trim().toLowerCase()
	const named = hotels.filter((hotel) => {
		const name = hotel.name.trim().toLowerCase()
		return name.length > 0 && text.startsWith(name) && (text.length === name.length || [',', ':'].includes(text[name.length]!))
	})
	const best = named.sort((a, b) => b.name.trim().length - a.name.trim().length)[0]
	return best ? { supplierId: best.supplierId, supplierName: best.supplierName } : null
}

/** The supplier kind a rate table's rows are booked with (docs/decisions/213-rate-rows-linked-to-their-supplier.md). */
export const rateSupplierKinds = { activity: 'activity', ferry: 'ferry', transfer: 'transport' } as const satisfies Record<string, SupplierKind>
export type RateKind = keyof typeof rateSupplierKinds

/** A rate row linked to its supplier: how the engine's lines priced from it open, and for a car rate the vehicle named after that. */
export type LinkedRate = { kind: RateKind; opening: string; vehicle?: string; supplierId: string; supplierName: string }

/**
 * The supplier a new activity, ferry or transfer component gets from the rate rows it was priced from
 * (docs/decisions/213-rate-rows-linked-to-their-supplier.md): a priced line opens as its row's lines do
 * ("Scuba diving at Havelock,", "Ferry Port Blair → Havelock, Makruzz Premium:", "Cab at disposal,
 * Neil:"), and a car line names its vehicles after that ("2 days × 1 sedan + 1 SUV"). The one supplier
 * the linked rows it names agree on; null when none is linked, or when they name different suppliers.
 */
export function supplierFromRates(
	component: { kind: string; description: string },
	rates: readonly LinkedRate[],
): { supplierId: string; supplierName: string } | null {
	const text = component.description.trim().toLowerCase()
	const named = rates.filter((rate) => {
		const opening = rate.opening.toLowerCase()
		if (rate.kind !== component.kind || !text.startsWith(opening)) return false
		return !rate.vehicle || new RegExp(`\\b\\d+ ${rate.vehicle.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`).test(text.slice(opening.length))
	})
	const suppliers = new Map(named.map((rate) => [rate.supplierId, rate.supplierName]))
	if (suppliers.size !== 1) return null
	const [[supplierId, supplierName]] = [...suppliers] as [[string, string]]
	return { supplierId, supplierName }
}

/**
 * What each planned component costs us, from the lines the engine priced (with their costs) when the
 * booking's quote was made: the first line not yet taken whose description is the component's. Null
 * for a component no priced line describes (a package's stays, a line priced since).
 */
export function plannedCosts(
	components: ReadonlyArray<{ description: string }>,
	priced: ReadonlyArray<{ description: string; cost: number }>,
): Array<number | null> {
	const taken = new Set<number>()
	return components.map((component) => {
		const index = priced.findIndex((line, at) => !taken.has(at) && line.description.trim() === component.description.trim())
		if (index < 0) return null
		taken.add(index)
		return priced[index]!.cost
	})
}
