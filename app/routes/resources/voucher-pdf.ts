import { isId } from '~/lib/ids.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { voucherPdf } from '~/features/bookings/server/voucher-pdf.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { getVoucher } from '~/features/bookings/server/vouchers.server.ts'
import type { Route } from './+types/voucher-pdf'

/** The voucher as a PDF, made on the server from the frozen snapshot. Same secrecy as the page: noindex, private. */
export async function loader({ params }: Route.LoaderArgs) {
	const found = isId(params.id) ? await getVoucher(db(), params.id) : null
	if (!found) return new Response('No voucher has this address.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const url = `${env().SITE_URL.replace(/\/$/, '')}/voucher/${found.voucher.id}`
	const { ferryReportingMinutes } = await getSettings(db())
	const bytes = await voucherPdf(found.snapshot, { version: found.voucher.version, status: found.voucher.status, url, reportingMinutes: ferryReportingMinutes })
	return new Response(Buffer.from(bytes), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="voucher-${found.snapshot.reference}.pdf"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex, nofollow',
		},
	})
}
