import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { describeCancellationTiers } from '~/features/bookings/domain/cancellation.ts'
import { publicPageHeaders } from '~/lib/page-cache.ts'
import { staticPage } from '~/lib/static-page.ts'
import { seo } from '~/lib/seo.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { Route } from './+types/cancellation'

export async function loader() {
	const settings = await getSettings(db())
	return { tiers: describeCancellationTiers(settings.cancellationTiers), advancePercent: settings.advancePercent, siteUrl: env().SITE_URL }
}

export const headers = publicPageHeaders
/** Plain HTML in the browser: no framework code (app/lib/static-page.ts). */
export const handle = staticPage

export const meta: Route.MetaFunction = ({ loaderData }) =>
	seo({
		title: 'Cancellation and Refund Policy',
		description: 'How much you get back if you cancel an Andaman package with us, by how many days before the trip you cancel, and how refunds are paid.',
		path: '/cancellation',
		siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000',
	})

export default function Cancellation({ loaderData }: Route.ComponentProps) {
	const { tiers, advancePercent } = loaderData
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Cancellation policy', path: '/cancellation' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Cancellation and refund policy</h1>
			<p className="mt-4 text-lg text-slate-800">
				Plans change. If you cancel a confirmed package, the fee depends on how many days before the first day of the trip we receive your cancellation in
				writing (email or WhatsApp). The fee is a share of the total package price; we refund the rest of what you paid.
			</p>
			<table className="mt-6 w-full border-collapse text-left">
				<caption className="sr-only">Cancellation fee by days before the trip starts</caption>
				<TableHead
					rowClassName="bg-slate-50"
					cellClassName="border border-slate-200 px-4 py-2"
					columns={['When you cancel', 'Cancellation fee', 'Refund of the package price']}
				/>
				<tbody>
					{tiers.map((tier) => (
						<tr key={tier.when}>
							<td className="border border-slate-200 px-4 py-2">{tier.when}</td>
							<td className="border border-slate-200 px-4 py-2 font-semibold">{tier.feePercent}%</td>
							<td className="border border-slate-200 px-4 py-2">{100 - tier.feePercent}%</td>
						</tr>
					))}
				</tbody>
			</table>
			<div className="prose mt-8">
				<h2>How it works</h2>
				<ul>
					<li>
						A booking is confirmed when we receive the {advancePercent}% advance. If the fee is more than what you have paid, you owe nothing more for a
						cancellation made before the balance was due.
					</li>
					<li>Refunds go back to the account you paid from within 10 working days of the cancellation.</li>
					<li>
						Ferry tickets already issued follow the ferry operator's own cancellation rules; we pass on whatever the operator refunds, with no charge of ours.
					</li>
					<li>
						If a ferry is cancelled by the port authority for weather, we rebook you on the next available sailing or adjust the plan at no extra charge of
						ours. Hotel nights lost to such a cancellation are refunded when the hotel refunds them.
					</li>
					<li>Changing dates instead of cancelling is usually possible without a fee when done 15 or more days before the trip, subject to availability.</li>
				</ul>
				<p>
					Read the full <IntentLink to="/terms">booking terms</IntentLink>, or <IntentLink to="/contact">contact us</IntentLink> before you cancel: we often
					find a better option.
				</p>
			</div>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
