import { describe, expect, test } from 'vitest'
import { applyEntry, availableCredit, creditDecision, type LedgerEntry, statementOfAccount, topUpFormSchema, topUpLimits } from './credit.ts'

describe('available credit', () => {
	test('credit limit + wallet balance − credit in use', () => {
		expect(availableCredit({ creditLimit: 10_000_000, walletBalance: 2_000_000, creditUsed: 7_000_000 })).toBe(5_000_000)
		expect(availableCredit({ creditLimit: 0, walletBalance: 0, creditUsed: 100 })).toBe(0)
	})
	test('a booking that fits confirms on credit; one rupee more waits for staff', () => {
		const account = { creditLimit: 5_000_000, walletBalance: 0, creditUsed: 0 }
		expect(creditDecision(account, 5_000_000)).toBe('on-credit')
		expect(creditDecision(account, 5_000_100)).toBe('awaiting-approval')
	})
	test('entries move the wallet and the credit in use', () => {
		let account = { creditLimit: 5_000_000, walletBalance: 0, creditUsed: 0 }
		account = applyEntry(account, 'booking', 3_000_000)
		account = applyEntry(account, 'top_up', 1_000_000)
		expect(availableCredit(account)).toBe(3_000_000)
		account = applyEntry(account, 'payment', 4_000_000)
		expect(account).toEqual({ creditLimit: 5_000_000, walletBalance: 2_000_000, creditUsed: 0 })
		account = applyEntry(account, 'booking', 500_000)
		account = applyEntry(account, 'release', 500_000)
		expect(account.creditUsed).toBe(0)
		// A booking already paid for, then cancelled: the release goes to the wallet.
		expect(applyEntry(account, 'release', 300_000)).toEqual({ creditLimit: 5_000_000, walletBalance: 2_300_000, creditUsed: 0 })
	})
})

const entry = (day: string, kind: LedgerEntry['kind'], amount: number, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
	kind,
	amount,
	day,
	createdAt: `${day}T06:00:00.000Z`,
	bookingReference: null,
	note: null,
	commission: 0,
	markup: 0,
	...extra,
})

describe('statement of account', () => {
	test('opening, bookings, payments, commission and markup earned, closing', () => {
		const entries = [
			entry('2030-01-05', 'top_up', 1_000_000),
			entry('2030-01-20', 'booking', 4_500_000, { bookingReference: 'BK-2030-00001', commission: 500_000, markup: 540_000 }),
			entry('2030-02-03', 'booking', 2_000_000, { bookingReference: 'BK-2030-00002', commission: 200_000, markup: 100_000 }),
			entry('2030-02-10', 'payment', 3_000_000),
			entry('2030-02-12', 'release', 2_000_000, { bookingReference: 'BK-2030-00002' }),
			entry('2030-03-01', 'booking', 9_999_999),
		]
		const statement = statementOfAccount(entries, '2030-02-01', '2030-02-28')
		expect(statement.opening).toBe(-3_500_000)
		expect(statement.bookings).toBe(2_000_000)
		expect(statement.payments).toBe(3_000_000)
		expect(statement.releases).toBe(2_000_000)
		expect(statement.commission).toBe(200_000)
		expect(statement.markup).toBe(100_000)
		expect(statement.closing).toBe(-500_000)
		expect(statement.lines.map((line) => [line.debit, line.credit, line.balance])).toEqual([
			[2_000_000, 0, -5_500_000],
			[0, 3_000_000, -2_500_000],
			[0, 2_000_000, -500_000],
		])
	})
	test('an empty range carries the opening balance to the closing', () => {
		const statement = statementOfAccount([entry('2030-01-05', 'top_up', 1_000_000)], '2030-02-01', '2030-02-28')
		expect(statement).toMatchObject({ opening: 1_000_000, closing: 1_000_000, lines: [] })
	})
})

test('an online top-up is between ₹1,000 and ₹10,00,000, in rupees', () => {
	expect(topUpFormSchema.safeParse({ amount: '25,000' })).toMatchObject({ success: true, data: { amount: 2_500_000 } })
	expect(topUpFormSchema.safeParse({ amount: '1000' })).toMatchObject({ success: true, data: { amount: topUpLimits.min } })
	for (const amount of ['999.99', '1000000.01', '0', '-5', 'lots', '']) expect(topUpFormSchema.safeParse({ amount }).success, amount).toBe(false)
})
