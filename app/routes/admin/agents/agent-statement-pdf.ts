import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { agentStatementPdf, statementRangeOf } from '~/features/agents/server/agent-credit.server.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/agent-statement-pdf'
import { pdfFileResponse } from '~/server/pdf/response.server.ts'

/** An agency's statement of account as a PDF with ₹, for staff (docs/decisions/224-agent-credit-accounting-and-atomicity.md). Private, never cached. */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) throw new Response('There is no agent with that id.', { status: 404, statusText: 'Page Not Found' })
	const file = await foundOr404(agentStatementPdf(db(), params.id, statementRangeOf(new URL(request.url))), 'There is no agent with that id.')
	return pdfFileResponse(file.body, file.filename)
}
