import { formatINR, rupeesField } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'

/**
 * An agency's credit and its statement of account (docs/decisions/224-agent-credit-accounting-and-atomicity.md).
 * Money in paise. The account is two running figures kept on the agency: the wallet (top-ups and payments
 * the agency made) and the credit in use (net prices of bookings charged to credit, less what was released).
 * Every movement is one ledger entry; the statement is read from the entries alone.
 */

export const ledgerKinds = ['top_up', 'payment', 'booking', 'release'] as const
export type LedgerKind = (typeof ledgerKinds)[number]

export const ledgerLabels: Record<LedgerKind, string> = {
	top_up: 'Top-up',
	payment: 'Payment',
	booking: 'Booking on credit',
	release: 'Credit released',
}

/** `creditHeld`: what the agency's saved quotes hold until they are accepted, withdrawn or expire (docs/decisions/233). */
export type CreditAccount = { creditLimit: number; walletBalance: number; creditUsed: number; creditHeld?: number }

/** Available credit = credit limit + wallet balance − credit in use − credit held by quotes (never below zero). */
export function availableCredit(account: CreditAccount): number {
	return Math.max(0, account.creditLimit + account.walletBalance - account.creditUsed - (account.creditHeld ?? 0))
}

/** Whether a booking of this net amount fits: at once on credit, or waiting for staff approval. */
export function creditDecision(account: CreditAccount, amount: number): 'on-credit' | 'awaiting-approval' {
	return amount <= availableCredit(account) ? 'on-credit' : 'awaiting-approval'
}

/**
 * How one entry moves the two figures. A top-up adds to the wallet; a payment settles credit in use
 * (never below zero: the rest goes to the wallet); a booking uses credit; a release gives it back like
 * a payment (a cancelled booking already paid for leaves its money in the wallet).
 */
export function applyEntry(account: CreditAccount, kind: LedgerKind, amount: number): CreditAccount {
	switch (kind) {
		case 'top_up':
			return { ...account, walletBalance: account.walletBalance + amount }
		case 'payment':
		case 'release': {
			const settled = Math.min(amount, account.creditUsed)
			return { ...account, creditUsed: account.creditUsed - settled, walletBalance: account.walletBalance + amount - settled }
		}
		case 'booking':
			return { ...account, creditUsed: account.creditUsed + amount }
	}
}

/** The signed effect of an entry on the agency's balance (what they hold with us; negative: what they owe). */
export function signedAmount(kind: LedgerKind, amount: number): number {
	return kind === 'booking' ? -amount : amount
}

export type LedgerEntry = {
	kind: LedgerKind
	amount: number
	/** The India date (YYYY-MM-DD) it was recorded. */
	day: string
	createdAt: string
	bookingReference: string | null
	note: string | null
	/** On a booking entry: what the agency earns from us (sell − net) and their markup to the client. */
	commission: number
	markup: number
}

export type StatementLine = LedgerEntry & { debit: number; credit: number; balance: number }

export type Statement = {
	from: string
	to: string
	opening: number
	lines: StatementLine[]
	bookings: number
	payments: number
	releases: number
	commission: number
	markup: number
	closing: number
}

/**
 * The statement of account for India dates `from`..`to` (inclusive): the opening balance (every entry
 * before `from`), each entry in the range with its running balance, the totals of bookings, payments
 * (top-ups and payments), releases, the commission and markup earned on the bookings, and the closing
 * balance. A positive balance is money the agency holds with us; negative is what it owes.
 */
export function statementOfAccount(entries: readonly LedgerEntry[], from: string, to: string): Statement {
	const sorted = [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
	let opening = 0
	const lines: StatementLine[] = []
	let balance = 0
	const totals = { bookings: 0, payments: 0, releases: 0, commission: 0, markup: 0 }
	for (const entry of sorted) {
		if (entry.day < from) {
			opening += signedAmount(entry.kind, entry.amount)
			continue
		}
		if (entry.day > to) continue
		if (!lines.length) balance = opening
		balance += signedAmount(entry.kind, entry.amount)
		const debit = entry.kind === 'booking' ? entry.amount : 0
		lines.push({ ...entry, debit, credit: debit ? 0 : entry.amount, balance })
		if (entry.kind === 'booking') {
			totals.bookings += entry.amount
			totals.commission += entry.commission
			totals.markup += entry.markup
		} else if (entry.kind === 'release') totals.releases += entry.amount
		else totals.payments += entry.amount
	}
	const closing = opening - totals.bookings + totals.payments + totals.releases
	return { from, to, opening, lines, ...totals, closing }
}

/** Staff record money in from an agency: a top-up to its wallet or a payment against what it owes. */
export const agentFundsFormSchema = z.object({
	kind: z.enum(['top_up', 'payment'], { message: 'Choose a top-up or a payment.' }),
	amount: rupeesField('Enter the amount received in rupees, like 25,000.'),
	note: z
		.string()
		.trim()
		.max(200, 'Keep the note under 200 characters.')
		.optional()
		.transform((value) => value || null),
})

/** An online top-up's bounds in paise (docs/security.md): at least ₹1,000, at most ₹10,00,000 a payment. */
export const topUpLimits = { min: 100_000, max: 100_000_000 } as const

/** The agency admin's online top-up: an amount in rupees within the bounds. */
export const topUpFormSchema = z.object({
	amount: rupeesField('Enter the amount to top up in rupees, like 25,000.')
		.refine((paise) => paise >= topUpLimits.min, `Top up at least ${formatINR(topUpLimits.min)} online.`)
		.refine((paise) => paise <= topUpLimits.max, `Top up at most ${formatINR(topUpLimits.max)} at a time online; for more, pay by bank transfer.`),
})
