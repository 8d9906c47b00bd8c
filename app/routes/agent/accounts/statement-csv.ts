import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agentStatementCsv, statementRangeOf } from '~/features/agents/server/agent-credit.server.ts'
import { csvResponse } from '~/lib/csv.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/statement-csv'

/** The signed-in agency's own statement as CSV (never another agency's: the agency comes from the session, not the address). */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const { filename, csv } = await agentStatementCsv(db(), agency.id, statementRangeOf(new URL(request.url)))
	return csvResponse(csv, filename)
}
