import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agencyTaxDocument } from '~/features/agents/server/agent-documents.server.ts'
import { taxDocumentPdfResponse } from '~/features/invoices/server/invoice-pdf.server.ts'
import { taxDocumentUrl } from '~/features/invoices/server/invoices.server.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/invoice-pdf'

/** One of the signed-in agency's tax invoices or credit notes as a PDF (docs/decisions/232). Another agency's: 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const found = await foundOr404(agencyTaxDocument(db(), agency.id, params.id))
	return taxDocumentPdfResponse(found, taxDocumentUrl(env().SITE_URL, found.document.id))
}
