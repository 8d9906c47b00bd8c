import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { supplierStatementFile } from '~/features/suppliers/server/payables.server.ts'
import { csvResponse } from '~/lib/csv.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/supplier-statement-csv'

const missing = 'There is no supplier with that id. Search the suppliers list.'

/** A supplier's statement as CSV (formula-safe), for staff (docs/decisions/197-supplier-payables.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	if (!params.id || !isId(params.id)) throw new Response(missing, { status: 404, statusText: 'Page Not Found' })
	const file = await supplierStatementFile(db(), params.id, 'csv', todayInIndia())
	if (!file) throw new Response(missing, { status: 404, statusText: 'Page Not Found' })
	return csvResponse(file.body as string, file.filename)
}
