import { completeTopUpCheckout } from '~/features/agents/server/agent-top-ups.server.ts'
import { checkoutCallbackSchema } from '~/features/payments/domain/payments.ts'
import { checkoutCallbackFields } from '~/features/payments/server/checkout-callback.server.ts'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { isAppError } from '~/lib/errors.ts'
import { formatINR } from '~/lib/money.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/agent-top-up-paid'

/**
 * Checkout's callback for an agency's wallet top-up (docs/decisions/233): the gateway posts the signed payment here from
 * its own page, without our session cookie, so the signature (and the payment read back from the gateway), not the
 * session, proves it. A bad signature credits nothing (400); the admin lands on the wallet page.
 */
export async function action({ request }: Route.ActionArgs) {
	const gateway = paymentGateway()
	if (!gateway) throw new Response('Online top-ups are not available.', { status: 404, statusText: 'Page Not Found' })
	const back = '/agent/wallet'
	const submission = parseForm(checkoutCallbackFields(await request.formData()), checkoutCallbackSchema)
	const callback = submission.status === 'success' ? submission.value : { paid: false as const, description: undefined }
	if (!callback.paid)
		return redirectWithToast(back, {
			type: 'error',
			title: 'The payment did not go through',
			description: callback.description ?? 'Nothing was charged. Try again.',
		})
	try {
		const result = await completeTopUpCheckout(db(), gateway, {
			orderId: callback.razorpay_order_id,
			paymentId: callback.razorpay_payment_id,
			signature: callback.razorpay_signature,
		})
		if (result.outcome === 'recorded' || result.outcome === 'already-recorded')
			return redirectWithToast(back, { title: 'Wallet topped up', description: `${formatINR(result.amount ?? 0)} added to your wallet.` })
		if (result.outcome === 'unknown-order') throw new Response('This payment is not a wallet top-up.', { status: 404, statusText: 'Page Not Found' })
		return redirectWithToast(back, {
			type: 'info',
			title: result.outcome === 'flagged' ? 'We received a payment we need to check' : 'Your payment is being processed',
			description: 'Your wallet is credited as soon as it is confirmed.',
		})
	} catch (error) {
		if (isAppError(error) && error.code === 'invalid-argument') throw new Response(error.message, { status: 400, statusText: 'Bad Request' })
		if (isAppError(error)) return redirectWithToast(back, { type: 'error', title: 'We could not confirm the payment yet', description: error.message })
		throw error
	}
}
