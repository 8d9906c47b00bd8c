import { checkoutCallbackSchema } from '~/features/payments/domain/payments.ts'
import { isAppError, notFoundOn } from '~/lib/errors.ts'
import { isTripToken } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { checkoutCallbackFields } from '~/features/payments/server/checkout-callback.server.ts'
import { completeCheckout } from '~/features/payments/server/payments.server.ts'
import { tripPath } from '~/features/payments/server/trip.server.ts'
import { liveOperatorSetup } from '~/features/ferries/server/live/operators.server.ts'
import { ticketPaidLegs } from '~/features/ferries/server/live/tickets.server.ts'
import { parseForm } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/trip-paid'

/**
 * Checkout's callback: the gateway posts the signed payment here from its own page (so this is a
 * resource route: the signature, not the origin, proves it). The traveller lands on the trip page.
 */
export async function action({ request, params }: Route.ActionArgs) {
	const gateway = paymentGateway()
	if (!isTripToken(params.token) || !gateway) throw new Response('No trip has this address.', { status: 404, statusText: 'Page Not Found' })
	const back = tripPath(params.token)
	const submission = parseForm(checkoutCallbackFields(await request.formData()), checkoutCallbackSchema)
	// The schema never refuses (anything unsigned reads as not paid), so the fallback is only for the type.
	const callback = submission.status === 'success' ? submission.value : { paid: false as const, description: undefined }
	if (!callback.paid) {
		// A failed or abandoned payment comes back with error[...] fields: nothing was taken.
		return redirectWithToast(back, {
			type: 'error',
			title: 'The payment did not go through',
			description: callback.description ?? 'Nothing was charged. Try again, or pay by UPI.',
		})
	}
	try {
		const result = await completeCheckout(db(), gateway, params.token, {
			orderId: callback.razorpay_order_id,
			paymentId: callback.razorpay_payment_id,
			signature: callback.razorpay_signature,
		})
		if (result.outcome === 'flagged')
			return redirectWithToast(back, {
				type: 'warning',
				title: 'We received a payment we need to check',
				description: 'Its amount differs from what was asked. We will call you; nothing is lost.',
			})
		if (result.outcome === 'not-captured')
			return redirectWithToast(back, {
				type: 'info',
				title: 'Your payment is being processed',
				description: 'This page updates as soon as the bank confirms it.',
			})
		// A live ferry paid in full is booked with its operator now (docs/ferries.md).
		const ferries = result.bookingId ? await ticketPaidLegs(db(), liveOperatorSetup(), gateway, result.bookingId) : { legs: [], refund: null }
		const pnrs = ferries.legs.filter((leg) => leg.pnr).map((leg) => leg.pnr)
		if (ferries.refund && pnrs.length)
			return redirectWithToast(back, {
				type: 'warning',
				title: `Ferry booked: PNR ${pnrs.join(', ')}; one leg was refused`,
				description: `The operator refused ${ferries.refund.legs.length === 1 ? 'one leg' : 'some legs'}: ${formatINR(ferries.refund.amount)} is being refunded to you. The page shows which.`,
			})
		if (ferries.refund)
			return redirectWithToast(back, {
				type: 'warning',
				title: 'The ferry operator could not issue the ticket',
				description: `Your payment of ${formatINR(ferries.refund.amount)} is being refunded to you; nothing else is charged.`,
			})
		return redirectWithToast(back, {
			title: pnrs.length ? `Ferry booked: PNR ${pnrs.join(', ')}` : 'Payment received, thank you',
			description: `Paid ${formatINR(result.amount ?? 0)} online.`,
		})
	} catch (error) {
		notFoundOn(error)
		if (isAppError(error))
			return redirectWithToast(back, {
				type: 'error',
				title: error.code === 'unavailable' ? 'We could not confirm the payment yet' : 'The payment could not be verified',
				description: error.message,
			})
		throw error
	}
}
