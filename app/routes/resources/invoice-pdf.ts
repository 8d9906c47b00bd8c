import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { taxDocumentPdf } from '~/features/invoices/server/invoice-pdf.server.ts'
import { getTaxDocument, taxDocumentUrl } from '~/features/invoices/server/invoices.server.ts'
import type { Route } from './+types/invoice-pdf'

/** A tax invoice or credit note as a PDF, from its frozen snapshot. Same secrecy as the page: noindex, private. */
export async function loader({ params }: Route.LoaderArgs) {
	const found = isId(params.id) ? await getTaxDocument(db(), params.id) : null
	if (!found) return new Response('No invoice has this address.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const bytes = await taxDocumentPdf(found.snapshot, taxDocumentUrl(env().SITE_URL, found.document.id))
	return new Response(Buffer.from(bytes), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="${found.snapshot.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex, nofollow',
		},
	})
}
