import { exportContractCsv } from '~/features/inventory/server/contract.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { csvResponse } from '~/lib/csv.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/hotel-contract-csv'

/** /admin/hotels/:id/contract.csv: a hotel's contract (terms, contracted nights, stop-sales) as formula-safe CSV, for staff only. */
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireStaff(request)
	const { name, csv } = await foundOr404(exportContractCsv(db(), params.id ?? ''), 'That hotel does not exist.')
	return csvResponse(csv, `contract-${name.toLowerCase()}.csv`)
}
