/**
 * What we owe suppliers and when (docs/decisions/197-supplier-payables.md). Pure: a component's cost
 * (the supplier's invoice when entered, else the planned cost), the instalments its supplier's terms
 * make of it, payments set against the earliest instalments first, whether a payment may be recorded,
 * and whether one falls due before the traveller has paid us.
 */
import { dueInstalments, type Instalment, type Terms } from '~/features/suppliers/domain/suppliers.ts'
import { formatTravelDate, isIsoDate } from '~/lib/dates.ts'
import { formatINR, rupeesField } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'

/**
 * What a component costs us as far as we know: the supplier's invoice once staff enter it, else the
 * planned cost. A cancelled booking owes only what a supplier invoiced (a cancellation charge), never
 * the planned cost. Null: nothing owed for it (yet).
 */
export function payableCost(
	component: { plannedCost: number | null; invoiceAmount: number | null },
	bookingCancelled: boolean,
): { amount: number; source: 'invoice' | 'planned' } | null {
	if (component.invoiceAmount !== null) return { amount: component.invoiceAmount, source: 'invoice' }
	if (bookingCancelled || component.plannedCost === null) return null
	return { amount: component.plannedCost, source: 'planned' }
}

export type PayableComponent = { componentId: string; cost: number; serviceStart: string; serviceEnd: string | null }
export type ScheduledInstalment = Instalment & { componentId: string; paid: number; outstanding: number }

/**
 * One booking's instalments with one supplier: every component's instalments from the terms, in due
 * order (then the component's order), with what has been paid (`paid`, paise, in total for the booking
 * and supplier) set against the earliest first. More paid than owed leaves every instalment settled.
 */
export function payableSchedule(components: readonly PayableComponent[], terms: Terms, bookedOn: string, paid: number): ScheduledInstalment[] {
	const instalments = components.flatMap((component, order) =>
		dueInstalments(component.cost, terms, { bookedOn, serviceStart: component.serviceStart, serviceEnd: component.serviceEnd }).map((instalment) => ({
			...instalment,
			componentId: component.componentId,
			order,
		})),
	)
	instalments.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.order - b.order))
	let left = Math.max(0, paid)
	return instalments.map(({ order: _order, ...instalment }) => {
		const covered = Math.min(left, instalment.amount)
		left -= covered
		return { ...instalment, paid: covered, outstanding: instalment.amount - covered }
	})
}

/** What is still owed after `paid`, never below zero, and how much was paid over what is owed. */
export function owedAfter(owed: number, paid: number): { outstanding: number; overpaid: number } {
	return { outstanding: Math.max(0, owed - paid), overpaid: Math.max(0, paid - owed) }
}

/**
 * Whether a payment of `amount` may be recorded when `outstanding` is still owed: up to what is owed
 * always; more only by an owner who ticked the confirmation (a deposit for a later stay, a rounding
 * up); a staff member is told to ask an owner. Null when it may.
 */
export function supplierPaymentProblem(amount: number, outstanding: number, who: { isOwner: boolean; confirmedOver: boolean }): string | null {
	if (amount <= outstanding) return null
	const over = `That is ${formatINR(amount - outstanding)} more than we owe this supplier for this booking (${formatINR(outstanding)} outstanding).`
	if (!who.isOwner) return `${over} Only an owner can record a payment above what is owed: ask one, or check the amount and the supplier's invoice.`
	if (!who.confirmedOver) return `${over} Tick “Pay more than is owed” to record it anyway.`
	return null
}

/**
 * A supplier instalment due before the traveller has paid us: the traveller still owes a balance
 * and the instalment falls due before the traveller's own due date (or is due already). Null when
 * there is nothing to warn about.
 */
export function paysBeforeTraveller(
	instalment: { dueOn: string; outstanding: number },
	traveller: { balance: number; balanceDueDate: string },
	today: string,
): string | null {
	if (instalment.outstanding <= 0 || traveller.balance <= 0) return null
	if (instalment.dueOn >= traveller.balanceDueDate && instalment.dueOn > today) return null
	return `Due before the traveller has paid us: ${formatINR(traveller.balance)} is still to come from them (due ${formatTravelDate(traveller.balanceDueDate)}).`
}

export const supplierPaymentMethods = ['bank', 'upi', 'cash', 'cheque'] as const
export type SupplierPaymentMethod = (typeof supplierPaymentMethods)[number]
export const supplierPaymentMethodLabels: Record<SupplierPaymentMethod, string> = { bank: 'Bank transfer', upi: 'UPI', cash: 'Cash', cheque: 'Cheque' }

/** Recording a payment to a supplier (the supplier's page): which booking, how much, how, and the reference. */
export const supplierPaymentSchema = z.object({
	bookingId: z
		.string({ message: 'Choose the booking this payment is for.' })
		.trim()
		.min(1, 'Choose the booking this payment is for.')
		.max(40, 'Choose the booking this payment is for.'),
	amount: rupeesField('Enter the amount paid in rupees, e.g. 12,500.'),
	method: z.enum(supplierPaymentMethods, { message: 'Choose how it was paid: bank transfer, UPI, cash or cheque.' }),
	reference: z
		.string({ message: 'Give the bank or UPI reference, the cheque number, or a receipt number for cash.' })
		.trim()
		.min(3, 'Give the bank or UPI reference, the cheque number, or a receipt number for cash.')
		.max(80, 'Keep the reference under 80 characters.'),
	paidOn: z.string({ message: 'Give the date it was paid.' }).refine(isIsoDate, 'Give the date it was paid.'),
	note: z
		.string()
		.trim()
		.max(500, 'Keep the note under 500 characters.')
		.optional()
		.transform((value) => value || null),
	confirmOver: z
		.string()
		.optional()
		.transform((value) => value === 'on'),
})
export type SupplierPaymentForm = z.output<typeof supplierPaymentSchema>

/** The supplier's invoice for one component (empty amount: clear it and go back to the planned cost). */
export const componentInvoiceSchema = z.object({
	componentId: z
		.string({ message: 'That form is out of date: reload the page and try again.' })
		.trim()
		.min(1, 'That form is out of date: reload the page and try again.')
		.max(40),
	invoiceAmount: z.union([
		z.literal('').transform(() => null),
		rupeesField('Enter the invoice amount in rupees, like 8,400, or leave it empty to use the planned cost.', { zero: true }),
	]),
	invoiceReference: z
		.string()
		.trim()
		.max(80, 'Keep the invoice number under 80 characters.')
		.optional()
		.transform((value) => value || null),
})
export type ComponentInvoiceForm = z.output<typeof componentInvoiceSchema>

/** A line of a supplier's statement: a component we owe for (a charge) or a payment we made. */
export type StatementEntry = { date: string; reference: string; description: string; charge: number; payment: number; balance: number }

/**
 * A supplier's statement: charges (dated by the service) and payments (dated when paid) in date
 * order, charges before payments on the same day, with the running balance we owe them.
 */
export function statementEntries(
	charges: ReadonlyArray<{ date: string; reference: string; description: string; amount: number }>,
	payments: ReadonlyArray<{ date: string; reference: string; description: string; amount: number }>,
): { entries: StatementEntry[]; charged: number; paid: number; balance: number } {
	const lines = [...charges.map((charge, order) => ({ ...charge, kind: 0, order })), ...payments.map((payment, order) => ({ ...payment, kind: 1, order }))]
	lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.kind - b.kind || a.order - b.order))
	let balance = 0
	const entries = lines.map((line) => {
		balance += line.kind === 0 ? line.amount : -line.amount
		return {
			date: line.date,
			reference: line.reference,
			description: line.description,
			charge: line.kind === 0 ? line.amount : 0,
			payment: line.kind === 1 ? line.amount : 0,
			balance,
		}
	})
	const charged = charges.reduce((sum, charge) => sum + charge.amount, 0)
	const paid = payments.reduce((sum, payment) => sum + payment.amount, 0)
	return { entries, charged, paid, balance: charged - paid }
}

/** The statement as CSV rows (amounts in rupees, as numbers): the caller writes them with `toCsv`, which guards against formulas. */
export function statementCsvRows(
	supplierName: string,
	statement: { entries: readonly StatementEntry[]; charged: number; paid: number; balance: number },
): Array<Array<string | number>> {
	const rupees = (paise: number) => paise / 100
	return [
		['Statement', supplierName],
		[],
		['Date', 'Booking', 'Description', 'Charge (INR)', 'Payment (INR)', 'Balance (INR)'],
		...statement.entries.map((entry) => [
			entry.date,
			entry.reference,
			entry.description,
			entry.charge ? rupees(entry.charge) : '',
			entry.payment ? rupees(entry.payment) : '',
			rupees(entry.balance),
		]),
		[],
		['Total charged', '', '', rupees(statement.charged), '', ''],
		['Total paid', '', '', '', rupees(statement.paid), ''],
		['We owe', '', '', '', '', rupees(statement.balance)],
	]
}
