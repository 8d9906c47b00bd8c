import { expect, test } from 'vitest'
import { paymentReminderEmail } from '~/features/email/domain/emails.ts'
import {
	defaultReminderSchedule,
	nextReminder,
	parseReminderDays,
	paymentReminderMessage,
	reminderDue,
	reminderKey,
	reminderScheduleOf,
	reminderStepLabel,
	reminderSteps,
} from './reminders.ts'

// Due 2027-01-20 (India dates); booked well before; trip starts 2027-02-04.
const booking = { status: 'confirmed' as const, balance: 3_500_000, balanceDueDate: '2027-01-20', bookedOn: '2026-11-01', startDate: '2027-02-04' }
const schedule = defaultReminderSchedule

test('the default schedule reminds 7 and 2 days before the due date and the day after it', () => {
	expect(reminderSteps(schedule, '2027-01-20').map(({ step, on }) => [step, on])).toEqual([
		['before-7', '2027-01-13'],
		['before-2', '2027-01-18'],
		['overdue', '2027-01-21'],
	])
	// Across a month and a year end.
	expect(reminderSteps({ daysBefore: [2, 7, 2], whenOverdue: false }, '2027-01-03').map((step) => step.on)).toEqual(['2026-12-27', '2027-01-01'])
})

test('on each day the booking is at the latest step reached, and at none before the first', () => {
	expect(reminderDue(booking, schedule, '2027-01-12')).toBeNull()
	expect(reminderDue(booking, schedule, '2027-01-13')).toEqual({ step: 'before-7', on: '2027-01-13', dueDate: '2027-01-20' })
	// A server that was down on the 13th still sends the 7-day reminder on the 15th, then the 2-day one.
	expect(reminderDue(booking, schedule, '2027-01-15')?.step).toBe('before-7')
	expect(reminderDue(booking, schedule, '2027-01-18')?.step).toBe('before-2')
	expect(reminderDue(booking, schedule, '2027-01-20')?.step).toBe('before-2')
	expect(reminderDue(booking, schedule, '2027-01-21')?.step).toBe('overdue')
	expect(reminderDue(booking, schedule, '2027-02-03')?.step).toBe('overdue')
})

test('nothing for a paid, cancelled, completed or unconfirmed booking, nor once the trip has started', () => {
	expect(reminderDue({ ...booking, balance: 0 }, schedule, '2027-01-18')).toBeNull()
	expect(reminderDue({ ...booking, status: 'cancelled' }, schedule, '2027-01-18')).toBeNull()
	expect(reminderDue({ ...booking, status: 'completed' }, schedule, '2027-01-18')).toBeNull()
	expect(reminderDue({ ...booking, status: 'pending_payment' }, schedule, '2027-01-18')).toBeNull()
	expect(reminderDue(booking, schedule, '2027-02-04')).toBeNull()
	expect(nextReminder({ ...booking, balance: 0 }, schedule, '2027-01-01')).toBeNull()
})

test('a step that fell before the booking was made is skipped; the next one applies', () => {
	const late = { ...booking, bookedOn: '2027-01-15' }
	expect(reminderDue(late, schedule, '2027-01-15')).toBeNull()
	expect(reminderDue(late, schedule, '2027-01-18')?.step).toBe('before-2')
	expect(nextReminder(late, schedule, '2027-01-15')).toMatchObject({ step: 'before-2', on: '2027-01-18' })
})

test('a moved due date moves every step and gives them new keys', () => {
	const moved = { ...booking, balanceDueDate: '2027-01-30' }
	// The 7-day reminder for the 20th went on the 13th; on the 18th the new date is 12 days away: nothing due.
	expect(reminderDue(moved, schedule, '2027-01-18')).toBeNull()
	expect(reminderDue(moved, schedule, '2027-01-23')).toEqual({ step: 'before-7', on: '2027-01-23', dueDate: '2027-01-30' })
	expect(reminderKey({ step: 'before-7', dueDate: '2027-01-20' })).not.toBe(reminderKey({ step: 'before-7', dueDate: '2027-01-30' }))
	expect(nextReminder(moved, schedule, '2027-01-18')).toMatchObject({ step: 'before-7', on: '2027-01-23' })
})

test('an empty schedule with no overdue reminder sends nothing', () => {
	expect(reminderDue(booking, { daysBefore: [], whenOverdue: false }, '2027-01-25')).toBeNull()
})

test('the owner types the days as "7, 2": whole days within the limits', () => {
	expect(parseReminderDays('7, 2')).toEqual({ days: [7, 2], error: null })
	expect(parseReminderDays(' 2 7 7 ')).toEqual({ days: [7, 2], error: null })
	expect(parseReminderDays('')).toEqual({ days: [], error: null })
	expect(parseReminderDays('0')).toEqual({ days: [0], error: null })
	expect(parseReminderDays('61').error).toMatch(/0 to 60/)
	expect(parseReminderDays('-1').error).toMatch(/whole numbers/)
	expect(parseReminderDays('7.5').error).toMatch(/whole numbers/)
	expect(parseReminderDays('1,2,3,4,5,6').error).toMatch(/at most 5/)
	expect(reminderScheduleOf(undefined)).toEqual(defaultReminderSchedule)
	expect(reminderScheduleOf({ daysBefore: [10, 999, -1], whenOverdue: false })).toEqual({ daysBefore: [10], whenOverdue: false })
	expect(reminderStepLabel('before-7')).toBe('7 days before the due date')
	expect(reminderStepLabel('before-1')).toBe('1 day before the due date')
	expect(reminderStepLabel('before-0')).toBe('On the due date')
})

test('the email and the WhatsApp text give the exact balance, the due date and the trip page', () => {
	const text = {
		name: 'Meera Iyer',
		reference: 'BK-2026-00042',
		balance: 3_500_050,
		dueDate: '2027-01-20',
		url: 'https://example.travel/trip/abc',
		today: '2027-01-13',
	}
	const company = { name: 'Andaman Isles Travel', phone: '+91 99999 00000', whatsapp: '+91 99999 00000', email: 'hello@example.travel' }
	const email = paymentReminderEmail({ ...text, company })
	expect(email.subject).toBe('Balance of ₹35,000.50 due by 20 Jan 2027 for BK-2026-00042')
	expect(email.text).toContain('is due by 20 Jan 2027')
	expect(email.text).toContain('https://example.travel/trip/abc')
	expect(paymentReminderEmail({ ...text, today: '2027-01-20', company }).text).toContain('is due today, 20 Jan 2027')
	expect(paymentReminderEmail({ ...text, today: '2027-01-21', company }).subject).toBe('Balance overdue for BK-2026-00042')
	expect(paymentReminderMessage({ ...text, today: '2027-01-21' })).toContain('was due on 20 Jan 2027 and is still open')
	expect(paymentReminderMessage(text)).toMatch(
		/^Hello Meera Iyer, a reminder: The balance of ₹35,000.50 for booking BK-2026-00042 is due by 20 Jan 2027\..*https:\/\/example.travel\/trip\/abc$/,
	)
})
