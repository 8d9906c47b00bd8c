import { handleUnknownIdentityRequest } from '~/features/identity/server/api.server.ts'
import type { Route } from './+types/other-identitytoolkit'

/** Any other path under this service: the service's own error shape, never the site's HTML 404. */
export function action({ request }: Route.ActionArgs) {
	return handleUnknownIdentityRequest(request)
}

export function loader({ request }: Route.LoaderArgs) {
	return handleUnknownIdentityRequest(request)
}
