import { HOTEL_TIERS } from '~/features/rates/domain/pricing/constants.ts'
import { stayIslandOptions } from '~/features/rates/domain/options.ts'
import { csvResponse } from '~/lib/csv.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { exportHotelRatesCsv } from '~/features/rates/server/admin.server.ts'
import type { Route } from './+types/hotel-rates-csv'

/** /admin/hotels/rates.csv: every rate row (optionally one island or tier) as formula-safe CSV, for staff only. A resource route, so the file is the whole answer. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const search = new URL(request.url).searchParams
	const island = search.get('island') ?? ''
	const tier = search.get('tier') ?? ''
	const filters = {
		island: (stayIslandOptions as readonly string[]).includes(island) ? island : undefined,
		tier: (HOTEL_TIERS as readonly string[]).includes(tier) ? tier : undefined,
	}
	const name = ['hotel-rates', filters.island, filters.tier].filter(Boolean).join('-')
	return csvResponse(await exportHotelRatesCsv(db(), filters), `${name}.csv`)
}
