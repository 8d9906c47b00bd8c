import { Form, Link } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { HoldCountdown } from '~/features/ferries/components/hold-countdown.tsx'
import { ferryIslandLabels } from '~/features/ferries/domain/enquiry.ts'
import { liveOperatorLabels } from '~/features/ferries/domain/live/operator.ts'
import { getHold, releaseTravellerHold } from '~/features/ferries/server/live/holds.server.ts'
import { ferryLiveSettings } from '~/features/ferries/server/live/operators.server.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { isAppError, notFound, toResponse } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { seo } from '~/lib/seo.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/ferry-hold'

/** A traveller's seat hold (its address is its only key): what is held, until when, and letting it go. */
export async function loader({ params }: Route.LoaderArgs) {
	if (!isId(params.id)) notFound('This hold does not exist. Search for sailings again.')
	try {
		const settings = await ferryLiveSettings(db())
		const hold = await getHold(db(), params.id, settings.markupPercent)
		const endsLabel = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(hold.expiresAt))
		return { siteUrl: env().SITE_URL, hold, endsLabel }
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
}

export async function action({ params, request }: Route.ActionArgs) {
	if (!isId(params.id)) notFound('This hold does not exist.')
	const form = await request.formData()
	if (form.get('intent') !== 'release') throw new Response('Unknown request: reload the page.', { status: 400, statusText: 'Bad Request' })
	try {
		await releaseTravellerHold(db(), params.id)
	} catch (error) {
		if (isAppError(error)) throw toResponse(error)
		throw error
	}
	return redirectWithToast('/ferries#live-heading', { type: 'success', title: 'Seats released', description: 'The seats are free again for other travellers.' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	...seo({ title: 'Your ferry seats on hold', description: 'Ferry seats held for you for a few minutes.', path: '/ferries/hold', siteUrl: loaderData?.siteUrl ?? 'http://localhost:3000' }),
	{ name: 'robots', content: 'noindex' },
]

const statusText = {
	released: 'You let these seats go; they are free again for other travellers.',
	lapsed: 'This hold has lapsed and the seats are free again. Search again to hold seats.',
	booked: 'These seats are booked.',
} as const

export default function FerryHold({ loaderData }: Route.ComponentProps) {
	const { hold, endsLabel } = loaderData
	const sailing = hold.sailing
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-8">
			<Breadcrumbs trail={[{ name: 'Home', path: '/' }, { name: 'Ferries', path: '/ferries' }, { name: 'Your hold', path: '/ferries' }]} />
			<h1 className="mt-4 text-3xl font-bold">{hold.status === 'held' ? 'Your seats are held' : 'Seat hold ended'}</h1>
			<dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
				<dt className="font-medium">Sailing</dt>
				<dd>
					{ferryIslandLabels[sailing.from]} → {ferryIslandLabels[sailing.to]}, {formatTravelDate(sailing.date)}, {sailing.departs} → {sailing.arrives}
				</dd>
				<dt className="font-medium">Ferry</dt>
				<dd>
					{sailing.vessel} · {liveOperatorLabels[hold.operator]} · {hold.className}
				</dd>
				<dt className="font-medium">Seats</dt>
				<dd>{hold.seats.length ? hold.seats.join(', ') : `${hold.adults} (given out at the jetty)`}</dd>
				<dt className="font-medium">Travellers</dt>
				<dd>
					{hold.adults} {hold.adults === 1 ? 'adult' : 'adults'}
					{hold.infants ? `, ${hold.infants} ${hold.infants === 1 ? 'infant' : 'infants'}` : ''}
				</dd>
				<dt className="font-medium">Price</dt>
				<dd className="font-semibold">{formatINR(hold.sellTotal)}</dd>
			</dl>
			{hold.status === 'held' ? (
				<div className="mt-6 space-y-4">
					<HoldCountdown expiresAt={hold.expiresAt} endsLabel={endsLabel} />
					<p className="text-slate-700">
						To ticket these seats, send us this page’s address on WhatsApp or by email before the hold ends: we take the passengers’ ID details and the payment, and send you the ticket.
					</p>
					<Form method="post">
						<input type="hidden" name="intent" value="release" />
						<Button type="submit" variant="outline">
							Let these seats go
						</Button>
					</Form>
				</div>
			) : (
				<p className="mt-6" role="status">
					{statusText[hold.status]} <Link to="/ferries#live-heading">Search sailings</Link>
				</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
