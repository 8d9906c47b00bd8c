import { handleIdentityRequest } from '~/features/identity/server/api.server.ts'
import { db } from '~/server/db/index.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/token'

/** POST securetoken /v1/token (docs/identity-api.md). Resource route: the identity API module does the work. */
export function action({ request, context }: Route.ActionArgs) {
	return handleIdentityRequest(db(), 'token', request, clientAddressOf(context))
}

export function loader({ request, context }: Route.LoaderArgs) {
	return handleIdentityRequest(db(), 'token', request, clientAddressOf(context))
}
