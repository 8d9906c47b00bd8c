import { handleIdentityRequest } from '~/features/identity/server/api.server.ts'
import { db } from '~/server/db/index.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import type { Route } from './+types/mfa-enrollment-withdraw'

/** POST /v2/accounts/mfaEnrollment:withdraw (docs/identity-api.md). Resource route: the identity API module does the work. */
export function action({ request, context }: Route.ActionArgs) {
	return handleIdentityRequest(db(), 'mfaEnrollmentWithdraw', request, clientAddressOf(context))
}

export function loader({ request, context }: Route.LoaderArgs) {
	return handleIdentityRequest(db(), 'mfaEnrollmentWithdraw', request, clientAddressOf(context))
}
