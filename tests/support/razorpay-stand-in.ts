/**
 * A local stand-in for Razorpay (the real service is not reachable from tests). It follows the documented
 * API (https://razorpay.com/docs/api/): POST /v1/orders, GET /v1/orders/:id, GET /v1/payments/:id,
 * POST /v1/payments/:id/refund, HTTP basic auth with the key id and secret, errors as {error:{code,description}}.
 * It also serves a stand-in Checkout script (/v1/checkout.js) whose `open()` goes to a stand-in payment
 * page that "pays" and posts correctly signed fields to callback_url, and it sends signed webhooks.
 */
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'

export type StandInOptions = { port: number; keyId: string; keySecret: string; webhookSecret: string; webhookUrl: string | null; delayMs?: number }
type Order = {
	id: string
	entity: 'order'
	amount: number
	amount_paid: number
	currency: string
	receipt: string | null
	status: string
	notes: unknown
	created_at: number
}
type Payment = {
	id: string
	entity: 'payment'
	amount: number
	currency: string
	status: string
	order_id: string
	method: string
	captured: boolean
	created_at: number
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex')

export function startRazorpayStandIn(options: StandInOptions) {
	const orders = new Map<string, Order>()
	const payments = new Map<string, Payment>()
	const state = { delayMs: options.delayMs ?? 0, webhooksSent: [] as string[] }
	let base = `http://localhost:${options.port}`

	async function sendWebhook(event: string, payload: unknown, eventId = randomId('evt')) {
		if (!options.webhookUrl) return { status: 0, body: '' }
		const body = JSON.stringify({
			entity: 'event',
			account_id: 'acc_standin',
			event,
			contains: Object.keys(payload as object),
			payload,
			created_at: Math.floor(Date.now() / 1000),
		})
		const response = await fetch(options.webhookUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(options.webhookSecret, body), 'x-razorpay-event-id': eventId },
			body,
		})
		state.webhooksSent.push(eventId)
		return { status: response.status, body: await response.text() }
	}

	/** Pays an order in full (or `amount` paise) as a captured payment; returns the fields Checkout posts back. */
	function pay(orderId: string, amount?: number) {
		const order = orders.get(orderId)
		if (!order) throw new Error(`no order ${orderId}`)
		const payment: Payment = {
			id: randomId('pay'),
			entity: 'payment',
			amount: amount ?? order.amount,
			currency: order.currency,
			status: 'captured',
			order_id: order.id,
			method: 'upi',
			captured: true,
			created_at: Math.floor(Date.now() / 1000),
		}
		payments.set(payment.id, payment)
		order.status = 'paid'
		order.amount_paid = payment.amount
		return {
			payment,
			fields: { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: hmac(options.keySecret, `${order.id}|${payment.id}`) },
		}
	}

	const checkoutScript = () =>
		`window.Razorpay=function(o){this.o=o};window.Razorpay.prototype.open=function(){var o=this.o;location.href=${JSON.stringify(base)}+'/__standin/checkout?order_id='+encodeURIComponent(o.order_id)+'&key='+encodeURIComponent(o.key)+'&callback_url='+encodeURIComponent(o.callback_url)};`

	const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
		res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' })
		res.end(typeof body === 'string' ? body : JSON.stringify(body))
	}
	const error = (res: http.ServerResponse, status: number, description: string) => send(res, status, { error: { code: 'BAD_REQUEST_ERROR', description } })
	const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

	const server = http.createServer(async (req, res) => {
		const url = new URL(req.url ?? '/', base)
		let raw = ''
		for await (const chunk of req) raw += chunk
		if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs))
		if (url.pathname === '/v1/checkout.js') return send(res, 200, checkoutScript(), 'application/javascript')
		if (url.pathname === '/__standin/checkout' && req.method === 'GET') {
			const order = orders.get(url.searchParams.get('order_id') ?? '')
			if (!order || url.searchParams.get('key') !== options.keyId) return send(res, 400, 'Unknown order or key', 'text/plain')
			const callback = escape(url.searchParams.get('callback_url') ?? '')
			return send(
				res,
				200,
				`<!doctype html><html lang="en"><title>Stand-in checkout</title><main><h1>Stand-in Razorpay checkout</h1><p>Order ${order.id}: ${order.amount} paise</p><form method="post" action="/__standin/pay"><input type="hidden" name="order_id" value="${order.id}"><input type="hidden" name="callback_url" value="${callback}"><button>Pay ${order.amount / 100} INR</button></form></main></html>`,
				'text/html',
			)
		}
		if (url.pathname === '/__standin/pay' && req.method === 'POST') {
			const form = new URLSearchParams(raw)
			const { payment, fields } = pay(form.get('order_id') ?? '')
			// Like Razorpay: the webhook goes out as well as the browser's redirect.
			await sendWebhook('payment.captured', { payment: { entity: payment } })
			const inputs = Object.entries(fields)
				.map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
				.join('')
			return send(
				res,
				200,
				`<!doctype html><html lang="en"><title>Paid</title><form method="post" action="${escape(form.get('callback_url') ?? '')}">${inputs}<button>Return to the merchant</button></form><script>document.forms[0].submit()</script></html>`,
				'text/html',
			)
		}
		const auth = req.headers.authorization ?? ''
		if (auth !== `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`)
			return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })
		const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
		if (url.pathname === '/v1/orders' && req.method === 'POST') {
			if (!Number.isInteger(body.amount) || (body.amount as number) < 100) return error(res, 400, 'The amount must be atleast INR 1.00')
			const order: Order = {
				id: randomId('order'),
				entity: 'order',
				amount: body.amount as number,
				amount_paid: 0,
				currency: (body.currency as string) ?? 'INR',
				receipt: (body.receipt as string) ?? null,
				status: 'created',
				notes: body.notes ?? [],
				created_at: Math.floor(Date.now() / 1000),
			}
			orders.set(order.id, order)
			return send(res, 200, order)
		}
		const orderMatch = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname)
		if (orderMatch && req.method === 'GET')
			return orders.has(orderMatch[1]!) ? send(res, 200, orders.get(orderMatch[1]!)) : error(res, 400, 'The id provided does not exist')
		const paymentMatch = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname)
		if (paymentMatch && req.method === 'GET')
			return payments.has(paymentMatch[1]!) ? send(res, 200, payments.get(paymentMatch[1]!)) : error(res, 400, 'The id provided does not exist')
		const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname)
		if (refundMatch && req.method === 'POST') {
			const payment = payments.get(refundMatch[1]!)
			if (!payment) return error(res, 400, 'The id provided does not exist')
			const amount = (body.amount as number | undefined) ?? payment.amount
			if (amount > payment.amount) return error(res, 400, 'The refund amount provided is greater than amount captured')
			const refund = {
				id: randomId('rfnd'),
				entity: 'refund',
				amount,
				currency: 'INR',
				payment_id: payment.id,
				receipt: body.receipt ?? null,
				status: 'processed',
				speed_processed: 'normal',
				created_at: Math.floor(Date.now() / 1000),
			}
			send(res, 200, refund)
			setTimeout(() => void sendWebhook('refund.processed', { refund: { entity: refund }, payment: { entity: payment } }).catch(() => {}), 50)
			return
		}
		return error(res, 404, 'The requested URL was not found on the server.')
	})
	// Port 0: any free port (the unit tests); the address is known once listening.
	const listening = new Promise<void>((resolve) =>
		server.listen(options.port, '127.0.0.1', () => {
			base = `http://localhost:${(server.address() as { port: number }).port}`
			resolve()
		}),
	)
	return {
		get url() {
			return base
		},
		listening,
		state,
		orders,
		payments,
		pay,
		sendWebhook,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
