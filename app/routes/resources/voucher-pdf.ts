import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import { voucherPdfResponse } from '~/features/bookings/server/voucher-file.server.ts'
import { getVoucher } from '~/features/bookings/server/vouchers.server.ts'
import type { Route } from './+types/voucher-pdf'

/** The voucher as a PDF, made on the server from the frozen snapshot. Same secrecy as the page: noindex, private. */
export async function loader({ params }: Route.LoaderArgs) {
	const found = isId(params.id) ? await getVoucher(db(), params.id) : null
	if (!found) return new Response('No voucher has this address.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	return voucherPdfResponse(db(), found)
}
