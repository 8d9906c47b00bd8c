import { z } from 'zod'
import { amountInWords } from './amount-in-words.ts'
import { gstinProblem, gstStates, isStateCode, normaliseGstin, type StateCode, stateOfGstin } from './gstin.ts'
import { documentNumber, prefixProblem } from './numbering.ts'
import { placeOfSupply, splitInclusiveAmount, splitLike, type TaxSplit, taxKind, tourOperatorSac } from './tax.ts'

export type DocumentKind = 'invoice' | 'credit-note'
export const documentKindLabels: Record<DocumentKind, string> = { invoice: 'Tax invoice', 'credit-note': 'Credit note' }

/** When a booking is invoiced: once for its whole price when confirmed, or for each verified payment (the advance, then the balance). */
export const invoiceBases = ['full', 'advance'] as const
export type InvoiceBasis = (typeof invoiceBases)[number]
export const invoiceBasisLabels: Record<InvoiceBasis, string> = {
	full: 'Whole booking, when confirmed',
	advance: 'Each verified payment',
}

/** Owner settings for tax invoices (stored under the settings key `invoicing`). */
export type InvoicingSettings = {
	legalName: string
	address: string
	gstin: string
	stateCode: StateCode
	invoicePrefix: string
	creditNotePrefix: string
	basis: InvoiceBasis
}
export const defaultInvoicingSettings: InvoicingSettings = {
	legalName: '',
	address: '',
	gstin: '',
	stateCode: '35',
	invoicePrefix: 'INV-',
	creditNotePrefix: 'CN-',
	basis: 'full',
}

/** What stops this business issuing tax invoices yet, or null. */
export function supplierProblem(settings: InvoicingSettings): string | null {
	if (!settings.legalName || !settings.address || !settings.gstin)
		return 'Add the business’s legal name, address and GSTIN under Settings → Tax invoices before issuing tax invoices.'
	return null
}

/** Parses the "Tax invoices" fields of the settings form. A form without them keeps the defaults. */
export function parseInvoicingSettings(form: Record<string, string | undefined>): { value: InvoicingSettings; errors: Record<string, string> } {
	const errors: Record<string, string> = {}
	const field = (key: string) => (form[key] ?? '').trim()
	const legalName = field('invoiceLegalName')
	const address = field('invoiceAddress')
	const gstin = normaliseGstin(field('invoiceGstin'))
	const stateCode = field('invoiceStateCode') || defaultInvoicingSettings.stateCode
	const invoicePrefix = field('invoicePrefix').toUpperCase() || defaultInvoicingSettings.invoicePrefix
	const creditNotePrefix = field('creditNotePrefix').toUpperCase() || defaultInvoicingSettings.creditNotePrefix
	const basis = field('invoiceBasis') || defaultInvoicingSettings.basis
	if (legalName.length > 200) errors.invoiceLegalName = 'Keep the legal name under 200 characters.'
	if (address.length > 400) errors.invoiceAddress = 'Keep the address under 400 characters.'
	if (!isStateCode(stateCode)) errors.invoiceStateCode = 'Choose the state or union territory the business is registered in.'
	if (gstin) {
		const problem = gstinProblem(gstin)
		if (problem) errors.invoiceGstin = problem
		else if (isStateCode(stateCode) && stateOfGstin(gstin) !== stateCode)
			errors.invoiceGstin = `This GSTIN is registered in ${gstStates[stateOfGstin(gstin)]}, not ${gstStates[stateCode]}: check the GSTIN or the state.`
	}
	const prefixError = prefixProblem(invoicePrefix)
	if (prefixError) errors.invoicePrefix = prefixError
	const creditError = prefixProblem(creditNotePrefix)
	if (creditError) errors.creditNotePrefix = creditError
	else if (creditNotePrefix === invoicePrefix)
		errors.creditNotePrefix = 'Give credit notes a prefix of their own (e.g. CN-), so the two series never share a number.'
	if (!(invoiceBases as readonly string[]).includes(basis)) errors.invoiceBasis = 'Choose when invoices are issued.'
	return { value: { legalName, address, gstin, stateCode: stateCode as StateCode, invoicePrefix, creditNotePrefix, basis: basis as InvoiceBasis }, errors }
}

/** The customer as staff enter them on the booking page: a traveller, a company or a partner agent. */
export const buyerSchema = z
	.object({
		buyerName: z.string().trim().min(1, 'Enter the customer’s name as it should appear on the invoice.').max(200, 'Keep the name under 200 characters.'),
		buyerAddress: z.string().trim().max(400, 'Keep the address under 400 characters.').default(''),
		buyerState: z
			.string()
			.trim()
			.default('')
			.refine((value) => value === '' || isStateCode(value), 'Choose a state from the list, or “Not given”.'),
		buyerGstin: z
			.string()
			.default('')
			.transform(normaliseGstin)
			.superRefine((value, ctx) => {
				const problem = value ? gstinProblem(value) : null
				if (problem) ctx.addIssue({ code: 'custom', message: problem })
			}),
	})
	.superRefine((buyer, ctx) => {
		if (buyer.buyerGstin && !buyer.buyerAddress)
			ctx.addIssue({ code: 'custom', path: ['buyerAddress'], message: 'A business customer’s invoice needs their registered address.' })
	})
export type BuyerInput = z.infer<typeof buyerSchema>

/**
 * A partner agency's booking is billed to the agency (docs/decisions/232-agent-documents-and-b2b-invoices.md):
 * its legal name, billing address, state and GSTIN as staff keep them on the agency, never the end client.
 * Parsed like the staff form; an agency with a GSTIN and no address is refused with where to add it.
 */
export function agencyBuyer(agency: {
	company: string
	billing_address: string | null
	state_code: string | null
	gstin: string | null
}): { ok: true; buyer: BuyerInput } | { ok: false; problem: string } {
	const parsed = buyerSchema.safeParse({
		buyerName: agency.company,
		buyerAddress: agency.billing_address ?? '',
		buyerState: agency.gstin ? '' : (agency.state_code ?? ''),
		buyerGstin: agency.gstin ?? '',
	})
	if (parsed.success) return { ok: true, buyer: parsed.data }
	return { ok: false, problem: `The agency’s billing details need fixing on its page under Agents before it is invoiced: ${parsed.error.issues[0]!.message}` }
}

export type Party = { name: string; address: string; gstin: string | null; stateCode: StateCode | null; stateName: string | null }

/** Everything a tax invoice or credit note prints, frozen when it is issued. */
export type TaxDocumentSnapshot = {
	kind: DocumentKind
	number: string
	issueDate: string
	supplier: Party & { phone: string; email: string }
	buyer: Party
	placeOfSupply: { code: StateCode; name: string }
	booking: { reference: string; title: string; startDate: string; nights: number; party: string }
	sac: string
	description: string
	tax: TaxSplit
	totalInWords: string
	/** Printed at 5 %: the rate's condition that the bill includes accommodation and transport. */
	declaration: string | null
	/** A credit note's original invoice. */
	against: { number: string; issueDate: string } | null
	reason: string | null
}

export function buyerParty(buyer: BuyerInput): Party {
	const stateCode = buyer.buyerGstin ? stateOfGstin(buyer.buyerGstin) : buyer.buyerState ? (buyer.buyerState as StateCode) : null
	return { name: buyer.buyerName, address: buyer.buyerAddress, gstin: buyer.buyerGstin || null, stateCode, stateName: stateCode ? gstStates[stateCode] : null }
}

export const inclusiveDeclaration =
	'The amount charged is the gross amount for the tour, inclusive of the charges for accommodation and transportation. Input tax credit has not been taken on this supply.'

/** How much a new invoice covers: the rest of the booking (full basis) or verified payments not invoiced yet (advance basis). */
export function amountToInvoice(input: {
	basis: InvoiceBasis
	status: string
	total: number
	verifiedPaid: number
	invoiced: number
}): { amount: number } | { problem: string } {
	if (input.status === 'cancelled') return { problem: 'This booking is cancelled: it gets no new invoice.' }
	if (input.basis === 'full') {
		if (input.status !== 'confirmed' && input.status !== 'completed')
			return { problem: 'Invoices are issued once the booking is confirmed (see Settings → Tax invoices).' }
		const rest = input.total - input.invoiced
		return rest > 0 ? { amount: rest } : { problem: 'The whole booking is already invoiced.' }
	}
	const rest = input.verifiedPaid - input.invoiced
	return rest > 0 ? { amount: rest } : { problem: 'Every verified payment is already invoiced: verify a new payment first.' }
}

/** Builds an invoice's snapshot; the caller has the number from the series. */
export function invoiceSnapshot(input: {
	number: string
	issueDate: string
	supplier: InvoicingSettings & { phone: string; email: string }
	buyer: BuyerInput
	booking: TaxDocumentSnapshot['booking']
	amount: number
	ratePercent: number
	basis: InvoiceBasis
	isWholeBooking: boolean
}): TaxDocumentSnapshot {
	const buyer = buyerParty(input.buyer)
	const place = placeOfSupply({
		supplierState: input.supplier.stateCode,
		buyerGstinState: buyer.gstin ? buyer.stateCode : null,
		buyerAddressState: buyer.gstin ? null : buyer.stateCode,
	})
	const tax = splitInclusiveAmount(input.amount, input.ratePercent, taxKind(input.supplier.stateCode, place))
	const what = input.isWholeBooking
		? 'Andaman tour package'
		: input.basis === 'advance'
			? 'Payment towards the Andaman tour package'
			: 'Balance of the Andaman tour package'
	return {
		kind: 'invoice',
		number: input.number,
		issueDate: input.issueDate,
		supplier: {
			name: input.supplier.legalName,
			address: input.supplier.address,
			gstin: input.supplier.gstin,
			stateCode: input.supplier.stateCode,
			stateName: gstStates[input.supplier.stateCode],
			phone: input.supplier.phone,
			email: input.supplier.email,
		},
		buyer,
		placeOfSupply: { code: place, name: gstStates[place] },
		booking: input.booking,
		sac: tourOperatorSac,
		description: `Tour operator services: ${what} “${input.booking.title}”, booking ${input.booking.reference}`,
		tax,
		totalInWords: amountInWords(input.amount),
		declaration: tax.rateBasisPoints === 500 ? inclusiveDeclaration : null,
		against: null,
		reason: null,
	}
}

/** A credit note against an invoice: same parties, place of supply and rate; the amount refunded (GST included). */
export function creditNoteSnapshot(
	invoice: TaxDocumentSnapshot,
	input: { number: string; issueDate: string; amount: number; reason: string },
): TaxDocumentSnapshot {
	return {
		...invoice,
		kind: 'credit-note',
		number: input.number,
		issueDate: input.issueDate,
		description: `Reduction of the value of invoice ${invoice.number}: ${input.reason}`,
		tax: splitLike(invoice.tax, input.amount),
		totalInWords: amountInWords(input.amount),
		against: { number: invoice.number, issueDate: invoice.issueDate },
		reason: input.reason,
	}
}

/** Credit notes needed for a refund: newest invoice first, never more than what each invoice still has uncredited. */
export function creditAllocation(
	refund: number,
	invoices: ReadonlyArray<{ id: string; total: number; credited: number }>,
): Array<{ invoiceId: string; amount: number }> {
	const allocation: Array<{ invoiceId: string; amount: number }> = []
	let left = refund
	for (const invoice of [...invoices].reverse()) {
		if (left <= 0) break
		const amount = Math.min(left, invoice.total - invoice.credited)
		if (amount > 0) {
			allocation.push({ invoiceId: invoice.id, amount })
			left -= amount
		}
	}
	return allocation
}

export { documentNumber }
