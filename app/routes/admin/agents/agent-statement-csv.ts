import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { agentStatementCsv, statementRangeOf } from '~/features/agents/server/agent-credit.server.ts'
import { csvResponse } from '~/lib/csv.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/agent-statement-csv'

/** An agency's statement of account as CSV (formula-safe), for staff only (docs/decisions/224-agent-credit-accounting-and-atomicity.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) throw new Response('There is no agent with that id.', { status: 404, statusText: 'Page Not Found' })
	const { filename, csv } = await foundOr404(agentStatementCsv(db(), params.id, statementRangeOf(new URL(request.url))), 'There is no agent with that id.')
	return csvResponse(csv, filename)
}
