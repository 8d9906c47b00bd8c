import { data } from 'react-router'
import { lapseHoldNow } from '~/features/ferries/server/live/holds.server.ts'
import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/test-lapse-ferry-hold'

/**
 * POST /__test/lapse-ferry-hold?id=…: the hold's minutes run out now, so a browser test sees a lapsed hold
 * release its seats without waiting. Off (404) unless ENABLE_TEST_ROUTES is set.
 */
export async function action({ request }: Route.ActionArgs) {
	if (!env().ENABLE_TEST_ROUTES) throw data('Not found', { status: 404 })
	const id = new URL(request.url).searchParams.get('id') ?? ''
	if (!isId(id)) return data({ error: 'id is required' }, { status: 400 })
	return { lapsed: await lapseHoldNow(db(), id) }
}

export function loader() {
	throw data('Not found', { status: 404 })
}
