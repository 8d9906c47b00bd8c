import type { Kysely } from 'kysely'
import { addDays, indiaDayStartUtc, todayInIndia } from '~/lib/dates.ts'
import type { Database } from '~/server/db/schema.ts'
import { countFollowUpsDue } from '~/features/leads/server/desk.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'

/**
 * Bookings with a balance overdue: confirmed, past the balance due date, max(booking day, start − N days),
 * with verified payments (`p.paid`) short of the total. The dashboard counts them; its work queue lists them.
 */
export function overdueBalances(db: Kysely<Database>, today: string, dueDays: number) {
	return db
		.selectFrom('bookings')
		.leftJoin(
			(eb) =>
				eb
					.selectFrom('payments')
					.select(['booking_id', (e) => e.fn.sum<number>('amount').as('paid')])
					.where('verified', '=', 1)
					.groupBy('booking_id')
					.as('p'),
			(join) => join.onRef('p.booking_id', '=', 'bookings.id'),
		)
		.where('bookings.status', '=', 'confirmed')
		.where('bookings.start_date', '<', addDays(today, dueDays))
		.where('bookings.created_at', '<', indiaDayStartUtc(today))
		.where((eb) => eb('bookings.total', '>', eb.fn.coalesce('p.paid', eb.lit(0))))
}

/**
 * The /admin dashboard's numbers: a handful of counting queries on indexed
 * columns (bookings by status and start date, leads by created_at), run in
 * parallel; no rows are loaded.
 */
export async function dashboardFigures(db: Kysely<Database>, today = todayInIndia()) {
	const monthStart = `${today.slice(0, 8)}01`
	const nextMonth = addDays(`${today.slice(0, 8)}28`, 7).slice(0, 8) + '01'
	const dueDays = (await getSettings(db)).bookingRules.balanceDueDaysBeforeStart
	const [arrivals, newLeads, followUpsDue, awaitingPayment, overdue, month] = await Promise.all([
		db
			.selectFrom('bookings')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.where('status', '=', 'confirmed')
			.where('start_date', '>=', today)
			.where('start_date', '<=', addDays(today, 7))
			.executeTakeFirstOrThrow(),
		db
			.selectFrom('leads')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.where('created_at', '>=', indiaDayStartUtc(today))
			.where('merged_into_id', 'is', null)
			.executeTakeFirstOrThrow(),
		countFollowUpsDue(db, today),
		db
			.selectFrom('bookings')
			.select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('amount')])
			.where('status', '=', 'pending_payment')
			.executeTakeFirstOrThrow(),
		overdueBalances(db, today, dueDays)
			.select([
				(eb) => eb.fn.countAll<number>().as('n'),
				(eb) => eb.fn.coalesce(eb.fn.sum<number>(eb('bookings.total', '-', eb.fn.coalesce('p.paid', eb.lit(0)))), eb.lit(0)).as('amount'),
			])
			.executeTakeFirstOrThrow(),
		// This month's bookings (made this month, not cancelled) and their value.
		db
			.selectFrom('bookings')
			.select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('amount')])
			.where('created_at', '>=', indiaDayStartUtc(monthStart))
			.where('created_at', '<', indiaDayStartUtc(nextMonth))
			.where('status', '!=', 'cancelled')
			.executeTakeFirstOrThrow(),
	])
	return {
		today,
		monthStart,
		arrivals: Number(arrivals.n),
		newLeadsToday: Number(newLeads.n),
		followUpsDue,
		awaitingPayment: { count: Number(awaitingPayment.n), amount: Number(awaitingPayment.amount) },
		balancesOverdue: { count: Number(overdue.n), amount: Number(overdue.amount) },
		thisMonth: { count: Number(month.n), revenue: Number(month.amount) },
	}
}
