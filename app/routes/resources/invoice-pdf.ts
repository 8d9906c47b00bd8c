import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { taxDocumentPdfResponse } from '~/features/invoices/server/invoice-pdf.server.ts'
import { getTaxDocument, taxDocumentUrl } from '~/features/invoices/server/invoices.server.ts'
import type { Route } from './+types/invoice-pdf'

/** A tax invoice or credit note as a PDF, from its frozen snapshot. Same secrecy as the page: noindex, private. */
export async function loader({ params }: Route.LoaderArgs) {
	const found = isId(params.id) ? await getTaxDocument(db(), params.id) : null
	if (!found) return new Response('No invoice has this address.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	return taxDocumentPdfResponse(found, taxDocumentUrl(env().SITE_URL, found.document.id))
}
