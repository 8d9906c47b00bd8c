import { type ActionFunctionArgs, data } from 'react-router'
import { requireTestRoutes } from './enabled.server.ts'
import { lapseHoldNow } from '~/features/ferries/server/live/holds.server.ts'
import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'

/**
 * POST /__test/lapse-ferry-hold?id=…: the hold's minutes run out now, so a browser test sees a lapsed hold
 * release its seats without waiting. Off (404) unless ENABLE_TEST_ROUTES is set.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireTestRoutes(request)
	const id = new URL(request.url).searchParams.get('id') ?? ''
	if (!isId(id)) return data({ error: 'id is required' }, { status: 400 })
	return { lapsed: await lapseHoldNow(db(), id) }
}

export function loader() {
	throw data('Not found', { status: 404 })
}
