import { csvResponse, toCsv } from '~/lib/csv.ts'
import { type ReportId, reportIds, parseReportFilters, reportTableRows } from '~/features/reports/domain/reports.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { reportTable } from '~/features/reports/server/reports.server.ts'
import type { Route } from './+types/reports-csv'

/** One report table as CSV (formula-safe), with the page's filters; money tables and columns for owners only. */
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const id = params.report as ReportId | undefined
	if (!id || !reportIds.includes(id))
		throw new Response('There is no report by that name. Download it again from the reports page.', { status: 404, statusText: 'Page Not Found' })
	const parsed = parseReportFilters(new URL(request.url).searchParams, todayInIndia())
	if (!parsed.ok) throw new Response(parsed.message, { status: 400, statusText: 'Bad Request' })
	const table = await reportTable(db(), id, parsed.filters, { money: user.role === 'owner' })
	if (!table) throw new Response('Only an owner can download this report: it is all money figures.', { status: 403, statusText: 'Forbidden' })
	return csvResponse(toCsv(reportTableRows(table)), `${id}-${parsed.filters.from}-to-${parsed.filters.to}.csv`)
}
