import { type ActionFunctionArgs, data } from 'react-router'
import { requireTestRoutes } from './enabled.server.ts'
import { expireUnusedActionCodes } from '~/features/identity/server/action-codes.server.ts'
import { db } from '~/server/db/index.server.ts'

/**
 * POST /__test/expire-action-codes?email=…: makes the unused email links of that
 * address expire now, so browser and SDK tests can see an expired link without
 * waiting an hour. Off (404) unless ENABLE_TEST_ROUTES is set.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireTestRoutes(request)
	const email = (new URL(request.url).searchParams.get('email') ?? '').trim().toLowerCase()
	if (!email) return data({ error: 'email is required' }, { status: 400 })
	return { expired: await expireUnusedActionCodes(db(), email) }
}

export function loader() {
	throw data('Not found', { status: 404 })
}
