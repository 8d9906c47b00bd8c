import { useNonce } from '~/components/nonce.tsx'

/**
 * The gateway's checkout on a payment page: its options as JSON, its script, and an opener that opens it at once and
 * again from the button with id `open-checkout` (docs/decisions/110-online-payments.md). With `redirect`, the gateway
 * posts the signed result to the options' callback_url (every browser, no pop-up).
 */
export function CheckoutScripts({ options, scriptUrl }: { options: Record<string, unknown>; scriptUrl: string }) {
	const nonce = useNonce()
	const opener = `(function(){var o=JSON.parse(document.getElementById('checkout-options').textContent);function go(){if(window.Razorpay){new window.Razorpay(o).open()}}document.getElementById('open-checkout').addEventListener('click',go);if(document.readyState==='complete'){go()}else{window.addEventListener('load',go)}})()`
	return (
		<>
			<script
				id="checkout-options"
				type="application/json"
				nonce={nonce}
				dangerouslySetInnerHTML={{ __html: JSON.stringify(options).replace(/</g, '\\u003c') }}
			/>
			<script src={scriptUrl} nonce={nonce} />
			<script nonce={nonce} dangerouslySetInnerHTML={{ __html: opener }} />
		</>
	)
}
