import { foundOr404 } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { ferryTicketFile } from '~/features/ferries/server/ferries.server.ts'
import { storedFileResponse } from '~/server/uploads.server.ts'
import type { Route } from './+types/ferry-ticket-file'

/** A ferry booking's ticket file, for staff only (it carries passengers' names and ID numbers). */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) throw new Response('There is no ferry booking with that id.', { status: 404, statusText: 'Page Not Found' })
	return storedFileResponse(await foundOr404(ferryTicketFile(db(), params.id)))
}
