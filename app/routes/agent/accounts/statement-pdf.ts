import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agentStatementPdf, statementRangeOf } from '~/features/agents/server/agent-credit.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/statement-pdf'
import { pdfFileResponse } from '~/server/pdf/response.server.ts'

/** The signed-in agency's own statement as a PDF (never another agency's: the agency comes from the session). Private, never cached. */
export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const file = await agentStatementPdf(db(), agency.id, statementRangeOf(new URL(request.url)))
	return pdfFileResponse(file.body, file.filename)
}
