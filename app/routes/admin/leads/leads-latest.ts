import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { leadsCreatedSince } from '~/features/leads/server/desk.server.ts'
import type { Route } from './+types/leads-latest'

/**
 * GET /admin/leads/latest?since=<ISO timestamp>: leads created since then, for
 * the list's polling (a small JSON answer every 15 s per open list).
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const now = new Date().toISOString()
	const since = new URL(request.url).searchParams.get('since') ?? ''
	if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(since)) return Response.json({ now, leads: [] }, { headers: { 'Cache-Control': 'no-store' } })
	const leads = await leadsCreatedSince(db(), since)
	return Response.json({ now, leads }, { headers: { 'Cache-Control': 'no-store' } })
}
