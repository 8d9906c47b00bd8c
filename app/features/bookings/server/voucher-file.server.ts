import { voucherPdf } from '~/features/bookings/server/voucher-pdf.server.ts'
import type { getVoucher } from '~/features/bookings/server/vouchers.server.ts'
import { photoAsPng } from '~/features/media/server/media.server.ts'
import { mediaStore } from '~/features/media/server/store.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { env } from '~/server/env.server.ts'
import { pdfFileResponse } from '~/server/pdf/response.server.ts'

type Found = NonNullable<Awaited<ReturnType<typeof getVoucher>>>

/**
 * The voucher's PDF as a download: the traveller's secret address (/voucher/{id}/pdf) and the agency's own copy
 * (/agent/bookings/{id}/voucher.pdf) answer the same file. An agency's logo, kept in the media library as WebP,
 * is embedded as PNG (pdf-lib takes PNG and JPEG); a logo gone from the store leaves the name alone.
 */
export async function voucherPdfResponse(db: Executor, found: Found): Promise<Response> {
	const url = `${env().SITE_URL.replace(/\/$/, '')}/voucher/${found.voucher.id}`
	const { ferryReportingMinutes } = await getSettings(db)
	const logo = found.snapshot.agency?.logo
	const logoPng = logo ? await photoAsPng(db, mediaStore(), logo.mediaId).catch(() => null) : null
	const bytes = await voucherPdf(found.snapshot, {
		version: found.voucher.version,
		status: found.voucher.status,
		url,
		reportingMinutes: ferryReportingMinutes,
		logoPng,
	})
	return pdfFileResponse(bytes, `voucher-${found.snapshot.reference}.pdf`)
}
