import { getClientQuote, noClientQuote } from '~/features/agents/server/agent-quotes.server.ts'
import { clientQuotePdfResponse } from '~/features/agents/server/client-quote-pdf.server.ts'
import { foundOr404, notFound } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/client-quote-pdf'

/**
 * /client-quote/{id}/pdf: the client's quote as a PDF (docs/decisions/230), to the same people as the page (whoever
 * holds the unguessable link), under the agency's brand with the client's price only. Private, never cached, noindex.
 */
export async function loader({ params }: Route.LoaderArgs) {
	if (!isId(params.id)) notFound(noClientQuote)
	const quote = await foundOr404(getClientQuote(db(), params.id, new Date()), noClientQuote)
	return clientQuotePdfResponse(db(), quote, `${env().SITE_URL.replace(/\/$/, '')}/client-quote/${quote.id}`)
}
