import { beforeAll, expect, test } from 'vitest'
import { cancelBooking, confirmBooking, createBooking, getBooking, type NewBooking, recordPayment } from '~/features/bookings/server/bookings.server.ts'
import { tripDay, twoAdultBooking } from '#tests/support/booking-fixtures.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { addDays, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { backgroundJobs } from '~/server/jobs/background.server.ts'
import { startJobRunner } from '~/server/jobs/jobs.server.ts'
import { remindersOfBooking, sendDueReminders, sendReminderNow, sendScheduledReminder } from './reminders.server.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const site = 'https://example.travel'
// The balance is due 15 days before the fixture trip starts; reminders come
// 7 days before that, 2 days before, and the day after (overdue).
const balanceDue = tripDay(-15)
const sevenBefore = tripDay(-22)
const twoBefore = tripDay(-17)
const overdue = tripDay(-14)

describeEachDatabase('payment reminders', (get) => {
	let booking: NewBooking
	beforeAll(async () => {
		booking = await twoAdultBooking(get().db, 'reminders-package', { contactEmail: 'meera@example.com' })
	})

	/** A confirmed booking with the advance paid and the balance open. */
	async function confirmedTrip(key: string, overrides: Partial<NewBooking> = {}) {
		const { db } = get()
		const { id } = await createBooking(db, { ...booking, ...overrides }, { submissionKey: key })
		await recordPayment(db, id, { amount: 1_500_000, method: 'bank', reference: `NEFT-${key}`, paidOn: tripDay(-57), verified: true }, staff)
		await confirmBooking(db, id, defaultSettings.advancePercent, { ...staff, isOwner: false }, null)
		return id
	}
	const remindersOf = (id: string) => get().db.selectFrom('payment_reminders').selectAll().where('booking_id', '=', id).orderBy('sent_at').execute()
	const emailsOf = (id: string) =>
		get().db.selectFrom('email_outbox').selectAll().where('booking_id', '=', id).where('kind', '=', 'payment-reminder').orderBy('id').execute()

	test('two runs at once send one reminder a step: one row, one email with the exact balance, due date and trip page', async () => {
		const { db } = get()
		const id = await confirmedTrip('rem-concurrent')
		expect((await sendDueReminders(db, { siteUrl: site, today: tripDay(-23) })).sent).toBe(0)
		const runs = await Promise.all(Array.from({ length: 4 }, () => sendDueReminders(db, { siteUrl: site, today: sevenBefore })))
		expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBeGreaterThanOrEqual(1)
		const rows = await remindersOf(id)
		expect(rows.map((row) => [row.step, row.due_date, Number(row.balance), row.emailed])).toEqual([['before-7', balanceDue, 3_500_000, 1]])
		const emails = await emailsOf(id)
		expect(emails).toHaveLength(1)
		const token = (await getBooking(db, id))!.booking.tripToken
		expect(emails[0]!.subject).toBe(`Balance of ₹35,000 due by ${formatTravelDate(balanceDue)} for ${(await getBooking(db, id))!.booking.reference}`)
		expect(emails[0]!.body_text).toContain(`${site}/trip/${token}`)
		// Later the same day, and the day after: still the 7-day step, already sent.
		await sendDueReminders(db, { siteUrl: site, today: tripDay(-21) })
		expect(await remindersOf(id)).toHaveLength(1)
		// The 2-day step and the overdue one follow, once each, also when the run is repeated.
		for (const today of [twoBefore, twoBefore, overdue, overdue, tripDay(-1)]) await sendDueReminders(db, { siteUrl: site, today })
		expect((await remindersOf(id)).map((row) => row.step)).toEqual(['before-7', 'before-2', 'overdue'])
		expect(await emailsOf(id)).toHaveLength(3)
		// The trip has started: nothing more.
		await sendDueReminders(db, { siteUrl: site, today: tripDay(0) })
		expect(await remindersOf(id)).toHaveLength(3)
	})

	test('a paid, a cancelled and an unconfirmed booking get none', async () => {
		const { db } = get()
		const paid = await confirmedTrip('rem-paid')
		await recordPayment(db, paid, { amount: 3_500_000, method: 'bank', reference: 'NEFT-rem-paid-balance', paidOn: tripDay(-50), verified: true }, staff)
		const cancelled = await confirmedTrip('rem-cancelled')
		await cancelBooking(db, cancelled, 'Plans changed', tripDay(-50), defaultSettings.cancellationTiers, staff)
		const { id: pending } = await createBooking(db, booking, { submissionKey: 'rem-pending' })
		for (const today of [sevenBefore, twoBefore, overdue]) await sendDueReminders(db, { siteUrl: site, today })
		expect(await remindersOf(paid)).toHaveLength(0)
		expect(await remindersOf(cancelled)).toHaveLength(0)
		expect(await remindersOf(pending)).toHaveLength(0)
		expect(await emailsOf(paid)).toHaveLength(0)
	})

	test('a moved due date: the planned step is skipped, and the new date gets its own steps', async () => {
		const { db } = get()
		const id = await confirmedTrip('rem-moved')
		const planned = { step: 'before-7' as const, on: sevenBefore, dueDate: balanceDue }
		await sendDueReminders(db, { siteUrl: site, today: sevenBefore })
		expect(await remindersOf(id)).toHaveLength(1)
		// Staff move the trip ten days later: the balance is now due ten days later too.
		await db
			.updateTable('bookings')
			.set({ start_date: tripDay(10) })
			.where('id', '=', id)
			.execute()
		// A run that planned the old 2-day step finds it no longer applies.
		expect(
			(await sendScheduledReminder(db, id, defaultSettings.paymentReminders, site, twoBefore, { ...planned, step: 'before-2', on: twoBefore })).outcome,
		).toBe('not-due')
		// The old date's 2-day step is not sent: the new 7-day step (ten days after the old one) has not come yet.
		await sendDueReminders(db, { siteUrl: site, today: twoBefore })
		expect(await remindersOf(id)).toHaveLength(1)
		await sendDueReminders(db, { siteUrl: site, today: tripDay(-12) })
		expect((await remindersOf(id)).map((row) => [row.step, row.due_date])).toEqual([
			['before-7', balanceDue],
			['before-7', tripDay(-5)],
		])
		expect((await emailsOf(id)).at(-1)!.body_text).toContain(`due by ${formatTravelDate(tripDay(-5))}`)
	})

	test('staff send one now: a double submit is one reminder; no email address means a WhatsApp text only', async () => {
		const { db } = get()
		const id = await confirmedTrip('rem-manual', { contactEmail: null })
		const results = await Promise.all(Array.from({ length: 3 }, () => sendReminderNow(db, id, 'reminder-form-key-1', staff, site, tripDay(-50))))
		expect(results.filter((result) => result.outcome === 'sent')).toHaveLength(1)
		const rows = await remindersOf(id)
		expect(rows).toMatchObject([{ step: 'manual', emailed: 0, sent_by: 'staff-1', sent_by_label: 'Asha (staff)' }])
		expect(await emailsOf(id)).toHaveLength(0)
		const shown = (await remindersOfBooking(db, id, site, tripDay(-50)))!
		expect(shown.sent).toHaveLength(1)
		expect(shown.whatsapp).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/)
		expect(decodeURIComponent(shown.whatsapp!)).toContain('The balance of ₹35,000 for booking')
		expect(decodeURIComponent(shown.whatsapp!)).toContain(`is due by ${formatTravelDate(balanceDue)}`)
		const { id: pending } = await createBooking(db, booking, { submissionKey: 'rem-manual-pending' })
		await expect(sendReminderNow(db, pending, 'reminder-form-key-2', staff, site)).rejects.toMatchObject({ code: 'failed-precondition' })
		// The audit log and the trip timeline say who sent it.
		const audit = await db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).where('action', '=', 'payment-reminder').execute()
		expect(audit).toHaveLength(1)
	})

	test('the owner can turn the schedule off', async () => {
		const { db } = get()
		const id = await confirmedTrip('rem-off')
		await db
			.insertInto('settings')
			.values({ key: 'paymentReminders', value_json: JSON.stringify({ daysBefore: [], whenOverdue: false }), updated_at: new Date().toISOString() })
			.execute()
		try {
			for (const today of [sevenBefore, twoBefore, overdue]) await sendDueReminders(db, { siteUrl: site, today })
			expect(await remindersOf(id)).toHaveLength(0)
		} finally {
			await db.deleteFrom('settings').where('key', '=', 'paymentReminders').execute()
		}
	})

	test('the job runner sends them on its own, outlives a failing poll, and stops', async () => {
		const { db } = get()
		// Arriving in 22 days (India): the balance is due in 7, so today is the 7-day step.
		const id = await confirmedTrip('rem-timer', { startDate: addDays(todayInIndia(), 22) })
		const { handlers, recurring } = backgroundJobs({
			SITE_URL: site,
			SMTP_URL: undefined,
			DATABASE_URL: get().url,
			STORAGE_DIR: 'unused',
			BACKUP_DIR: 'unused',
			BACKUP_EVERY: null,
			BACKUP_KEEP: 3,
			NODE_ENV: 'test',
		})
		let calls = 0
		const stop = startJobRunner(
			() => {
				calls++
				if (calls === 1) throw new Error('database not ready (a test fault)')
				return db
			},
			{
				handlers: { 'payment-reminders': handlers['payment-reminders']! },
				recurring: recurring.filter((job) => job.kind === 'payment-reminders'),
				pollMs: 20,
				firstDelayMs: 5,
				worker: 'reminder-test',
			},
		)
		try {
			for (let i = 0; i < 100 && (await remindersOf(id)).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
		} finally {
			await stop()
		}
		expect(calls).toBeGreaterThanOrEqual(2)
		expect((await remindersOf(id)).map((row) => row.step)).toEqual(['before-7'])
		const after = calls
		await new Promise((resolve) => setTimeout(resolve, 60))
		expect(calls).toBe(after)
	})
})
