import { foundOr404 } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { offlineTicketFile } from '~/features/ferries/server/offline-tickets.server.ts'
import { storedFileResponse } from '~/server/uploads.server.ts'
import type { Route } from './+types/offline-ticket-file'

/** An offline ticket's scanned file, for staff only. */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) throw new Response('There is no offline ticket with that id.', { status: 404, statusText: 'Page Not Found' })
	return storedFileResponse(await foundOr404(offlineTicketFile(db(), params.id)))
}
