import { csvResponse } from '~/lib/csv.ts'
import { addDays, isIsoDate, todayInIndia } from '~/lib/dates.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { agentCommissionCsv } from '~/features/agents/server/agents.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/agent-commission-csv'

/** An agent's bookings and commission for a date range as CSV (formula-safe), for staff only. */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) throw new Response('There is no agent with that id.', { status: 404, statusText: 'Page Not Found' })
	const search = new URL(request.url).searchParams
	const date = (name: string, fallback: string) => {
		const value = search.get(name)
		return value && isIsoDate(value) ? value : fallback
	}
	const to = date('to', todayInIndia())
	const from = date('from', addDays(to, -90))
	if (from > to) throw new Response('The start date is after the end date: swap them and download again.', { status: 400, statusText: 'Bad Request' })
	const { filename, csv } = await foundOr404(agentCommissionCsv(db(), params.id, { from, to }))
	return csvResponse(csv, filename)
}
