import { foundOr404 } from '~/lib/errors.ts'
import { isId, isTripToken } from '~/lib/ids.ts'
import { tripFerryTicket } from '~/features/ferries/server/live/tickets.server.ts'
import { db } from '~/server/db/index.server.ts'
import { storedFileResponse } from '~/server/uploads.server.ts'
import type { Route } from './+types/trip-ferry-ticket'

/** A live ferry ticket the operator issued, for whoever holds the trip's secret address (docs/ferries.md). */
export async function loader({ params }: Route.LoaderArgs) {
	if (!isTripToken(params.token) || !isId(params.id)) throw new Response('No ticket has this address.', { status: 404, statusText: 'Page Not Found' })
	return storedFileResponse(await foundOr404(tripFerryTicket(db(), params.token, params.id)))
}
