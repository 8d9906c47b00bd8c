import { requireAgentUser } from '~/features/agents/server/agent-auth.server.ts'
import { agencyVoucher } from '~/features/agents/server/agent-documents.server.ts'
import { voucherPdfResponse } from '~/features/bookings/server/voucher-file.server.ts'
import { foundOr404 } from '~/lib/errors.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/booking-voucher-pdf'

/** The branded voucher of one of the signed-in agency's bookings, as a PDF (docs/decisions/232). Another agency's booking: 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
	const { agency } = await requireAgentUser(request)
	const found = await foundOr404(agencyVoucher(db(), agency.id, params.id))
	return voucherPdfResponse(db(), found)
}
