import { data } from 'react-router'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import type { Route } from './+types/test-expire-action-codes'

/**
 * POST /__test/expire-action-codes?email=…: makes the unused email links of that
 * address expire now, so browser and SDK tests can see an expired link without
 * waiting an hour. Off (404) unless ENABLE_TEST_ROUTES is set.
 */
export async function action({ request }: Route.ActionArgs) {
	if (!env().ENABLE_TEST_ROUTES) throw data('Not found', { status: 404 })
	const email = (new URL(request.url).searchParams.get('email') ?? '').trim().toLowerCase()
	if (!email) return data({ error: 'email is required' }, { status: 400 })
	const past = new Date(Date.now() - 1000).toISOString()
	const result = await db().updateTable('action_codes').set({ expires_at: past }).where('email_lower', '=', email).where('used_at', 'is', null).executeTakeFirst()
	return { expired: Number(result.numUpdatedRows) }
}

export function loader() {
	throw data('Not found', { status: 404 })
}
