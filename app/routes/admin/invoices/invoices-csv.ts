import { gstr1Rows, type Gstr1Section } from '~/features/invoices/domain/gstr1.ts'
import { monthOf, periodSchema } from '~/features/invoices/domain/period.ts'
import { csvResponse, toCsv } from '~/lib/csv.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { requireOwner } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { documentsInPeriod } from '~/features/invoices/server/invoices.server.ts'
import type { Route } from './+types/invoices-csv'

/** One GSTR-1 section or the sales register for a period, as CSV (formula-safe); owners only. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireOwner(request)
	const search = new URL(request.url).searchParams
	const month = monthOf(todayInIndia())
	const parsed = periodSchema.safeParse({
		from: search.get('from') || month.from,
		to: search.get('to') || month.to,
		section: search.get('section') || undefined,
	})
	if (!parsed.success) throw new Response(parsed.error.issues[0]!.message, { status: 400, statusText: 'Bad Request' })
	const { from, to, section } = parsed.data
	const rows = gstr1Rows(section as Gstr1Section, await documentsInPeriod(db(), { from, to }))
	return csvResponse(toCsv(rows), `${section}-${from}-to-${to}.csv`)
}
