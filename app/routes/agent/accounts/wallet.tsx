import { Form, redirect } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { topUpFormSchema, topUpLimits } from '~/features/agents/domain/credit.ts'
import { requireAgentAdmin } from '~/features/agents/server/agent-auth.server.ts'
import { agencyCredit } from '~/features/agents/server/agent-portal.server.ts'
import { listTopUps, startTopUp, topUpForCheckout } from '~/features/agents/server/agent-top-ups.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { CheckoutScripts } from '~/features/payments/components/checkout-scripts.tsx'
import { paymentGateway } from '~/features/payments/server/gateways.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { checkoutOriginsHeader } from '~/server/security.server.ts'
import type { Route } from './+types/wallet'

/**
 * The agency's wallet, for its admin (docs/decisions/233): the available credit, a top-up paid online through the
 * gateway (credited once its payment is captured) and the recent online top-ups. Without a gateway configured it says
 * how to pay us instead. The agency is the signed-in admin's, never one from the request.
 */
export const headers: Route.HeadersFunction = () => {
	const gateway = paymentGateway()
	return {
		'Cache-Control': 'private, no-store',
		...(gateway ? { [checkoutOriginsHeader]: [gateway.checkout.scriptOrigin, ...gateway.checkout.frameOrigins].join(' ') } : {}),
	}
}

const orderSchema = z.object({ order: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/) })

export async function loader({ request }: Route.LoaderArgs) {
	const { agency } = await requireAgentAdmin(request)
	const gateway = paymentGateway()
	const [credit, topUps, settings] = await Promise.all([agencyCredit(db(), agency.id), listTopUps(db(), agency.id), getSettings(db())])
	const parsed = orderSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	const order = gateway && parsed.success ? await topUpForCheckout(db(), agency.id, gateway.name, parsed.data.order) : null
	const site = env().SITE_URL.replace(/\/$/, '')
	return {
		online: Boolean(gateway),
		credit,
		topUps,
		limits: topUpLimits,
		company: settings.company,
		upiId: settings.payment.upiId,
		checkout:
			gateway && order?.open
				? {
						amount: order.amount,
						scriptUrl: gateway.checkout.scriptUrl,
						options: {
							key: gateway.checkout.keyId,
							amount: order.amount,
							currency: 'INR',
							name: settings.company.name,
							description: `Wallet top-up for ${agency.company}`.slice(0, 255),
							order_id: order.orderId,
							callback_url: `${site}/payments/top-up/paid`,
							redirect: true,
							prefill: { name: agency.company, email: agency.email ?? '', contact: agency.phone ?? '' },
							theme: { color: '#0f766e' },
						},
					}
				: null,
	}
}

export async function action({ request }: Route.ActionArgs) {
	const { user, agency } = await requireAgentAdmin(request)
	const submission = parseForm(await request.formData(), topUpFormSchema)
	const gateway = paymentGateway()
	if (!gateway) return refuse(submission, { status: 409, formError: 'Online top-ups are not available at the moment. Pay us by bank transfer or UPI.' })
	if (submission.status !== 'success') return refuse(submission)
	try {
		const order = await startTopUp(db(), gateway, actorOf(user), agency.id, submission.value.amount)
		return redirect(`/agent/wallet?order=${order.orderId}`)
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Wallet and top-ups | Agent area' }, { name: 'robots', content: 'noindex' }]

const statusLabels: Record<string, string> = { paid: 'Credited', flagged: 'Being checked by us', failed: 'Failed' }

export default function AgentWallet({ loaderData, actionData }: Route.ComponentProps) {
	const { online, credit, topUps, limits, company, upiId, checkout } = loaderData
	const errors = errorsOf(resultFor(actionData))
	const pending = useIsPending()
	return (
		<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Wallet and top-ups</h1>
			<dl className="grid gap-3 sm:grid-cols-3">
				<div className="rounded-lg border border-slate-200 bg-white p-3">
					<dt className="text-sm text-slate-700">Available credit</dt>
					<dd className="text-xl font-semibold" data-testid="available-credit">
						{formatINR(credit.available)}
					</dd>
				</div>
				<div className="rounded-lg border border-slate-200 bg-white p-3">
					<dt className="text-sm text-slate-700">Wallet</dt>
					<dd className="text-xl font-semibold" data-testid="wallet-balance">
						{formatINR(credit.walletBalance)}
					</dd>
				</div>
				<div className="rounded-lg border border-slate-200 bg-white p-3">
					<dt className="text-sm text-slate-700">Held by your quotes</dt>
					<dd className="text-xl font-semibold">{formatINR(credit.creditHeld)}</dd>
				</div>
			</dl>
			{checkout ? (
				<section aria-labelledby="checkout-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
					<h2 id="checkout-heading" className="text-lg font-semibold">
						Pay {formatINR(checkout.amount)}
					</h2>
					<p>The secure checkout opens on this page: pay by UPI, card or netbanking. Your wallet is credited as soon as the payment is confirmed.</p>
					<button
						type="button"
						id="open-checkout"
						className="inline-flex h-11 items-center rounded-md bg-primary-700 px-5 font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2"
					>
						Open the secure checkout
					</button>
					<noscript>
						<p className="rounded-md bg-warning-50 p-3">The online checkout needs JavaScript. Pay us by bank transfer or UPI instead.</p>
					</noscript>
					<CheckoutScripts options={checkout.options} scriptUrl={checkout.scriptUrl} />
				</section>
			) : online ? (
				// A full page load after the post: the checkout's scripts run only in a document the server sent.
				<Form method="post" reloadDocument className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="top-up-heading">
					<h2 id="top-up-heading" className="text-lg font-semibold">
						Top up online
					</h2>
					<FormError error={errors.form} />
					<Field
						label="Amount in rupees"
						name="amount"
						inputMode="decimal"
						error={errors.amount}
						hint={`Between ${formatINR(limits.min)} and ${formatINR(limits.max)}.`}
					/>
					<Button type="submit" pending={pending}>
						Pay online
					</Button>
				</Form>
			) : (
				<section aria-labelledby="offline-heading" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-5" data-testid="top-up-offline">
					<h2 id="offline-heading" className="text-lg font-semibold">
						Online top-ups are not available
					</h2>
					<p>
						Pay us by bank transfer{upiId ? ` or UPI to ${upiId}` : ''} and send the reference to {company.email} or {company.phone}: our staff record it and
						your wallet shows it.
					</p>
				</section>
			)}
			<section aria-labelledby="history-heading" className="space-y-2">
				<h2 id="history-heading" className="text-lg font-semibold">
					Recent online top-ups
				</h2>
				{topUps.length ? (
					<ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
						{topUps.map((topUp) => (
							<li key={topUp.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
								<span>
									{formatINR(topUp.amount)} · {statusLabels[topUp.status] ?? topUp.status}
								</span>
								<span className="text-sm text-slate-700">
									{formatTimestamp(topUp.createdAt)} {topUp.paymentId ? `· ${topUp.paymentId}` : ''}
								</span>
							</li>
						))}
					</ul>
				) : (
					<p className="text-slate-700">None yet. Top-ups and payments recorded by our staff are on your statement.</p>
				)}
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
