import { CheckCircle2 } from 'lucide-react'
import { Link } from 'react-router'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { site, whatsappLink } from '~/lib/site.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { balanceDueDate, configuredPaymentMethods, insideBalanceWindow } from '~/features/bookings/domain/rules.ts'
import { getBooking } from '~/features/bookings/server/bookings.server.ts'
import { db } from '~/server/db/index.server.ts'
import { tripPath } from '~/features/payments/server/trip.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { Route } from './+types/thank-you'

/** References look like LD-2026-00042 (leads) or BK-2026-00042 (bookings). Anything else is ignored. */
const referencePattern = /^[A-Z]{2}-\d{4}-\d{5}$/

export async function loader({ request }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	const ref = params.get('ref')
	const bookingId = params.get('booking')
	// The booking id is the unguessable part: only its holder sees the amounts.
	const found = bookingId && isId(bookingId) ? await getBooking(db(), bookingId) : null
	const settings = found ? await getSettings(db()) : null
	const booking =
		found && settings
			? (() => {
					const { reference, total, advanceDue, title, startDate, bookedOn, tripToken } = found.booking
					const days = settings.bookingRules.balanceDueDaysBeforeStart
					return {
						reference,
						tripPath: tripPath(tripToken),
						total,
						dueNow: advanceDue,
						title,
						startDate,
						fullNow: advanceDue >= total || insideBalanceWindow(startDate, bookedOn, days),
						balance: Math.max(0, total - advanceDue),
						balanceDueDate: balanceDueDate(startDate, bookedOn, days),
						withinDays: days,
					}
				})()
			: null
	// Only the ways to pay the owner has set up: never a placeholder.
	const methods = settings ? configuredPaymentMethods(settings.payment) : []
	return { reference: booking?.reference ?? (ref && referencePattern.test(ref) ? ref : null), booking, methods }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.booking ? 'Booking received | Andaman Isles Travel' : 'Thank you | Andaman Isles Travel' },
	{ name: 'description', content: 'We have your message. A planner in Port Blair will reply soon.' },
	{ name: 'robots', content: 'noindex' },
]

export default function ThankYou({ loaderData }: Route.ComponentProps) {
	const { reference, booking } = loaderData
	const message = booking
		? `Hello! My booking reference is ${booking.reference}.`
		: reference
			? `Hello! My enquiry reference is ${reference}.`
			: 'Hello! I just sent an enquiry on your website.'
	return (
		<>
			<BareHeader whatsappMessage={message} />
			<main id="main" className="mx-auto flex max-w-2xl flex-col justify-center px-4 py-12">
				<CheckCircle2 aria-hidden="true" className="size-12 text-success-700" />
				<h1 className="mt-4 text-3xl font-bold">{booking ? 'Thank you, your booking is in' : 'Thank you, we have your message'}</h1>
				{reference ? (
					<p className="mt-3 text-lg">
						Your {booking ? 'booking ' : ''}reference is <strong className="font-mono">{reference}</strong>. Keep it handy when you talk to us.
					</p>
				) : (
					<p className="mt-3 text-lg">Your message reached us.</p>
				)}
				{booking ? <BookingNext booking={booking} methods={loaderData.methods} /> : <EnquiryNext />}
				<div className="mt-8 flex flex-wrap gap-3">
					<a href={whatsappLink(message)} className={buttonClass('primary', 'lg')}>
						<WhatsAppIcon className="size-5" /> WhatsApp {site.phone}
					</a>
					<Link to="/" className={buttonClass('outline', 'lg')}>
						Back to the home page
					</Link>
				</div>
				<p className="mt-6 text-sm text-slate-700">
					In a hurry? Call <a href={site.phoneHref}>{site.phone}</a>.
				</p>
			</main>
		</>
	)
}

type LoaderData = Route.ComponentProps['loaderData']

/** After a booking: what to pay now and by when, how (only the configured ways), and what happens next. */
function BookingNext({ booking, methods }: { booking: NonNullable<LoaderData['booking']>; methods: LoaderData['methods'] }) {
	const upi = methods.find((method) => method.method === 'upi')
	const bank = methods.find((method) => method.method === 'bank')
	return (
		<>
			<section aria-labelledby="pay-heading" className="mt-6 rounded-xl border border-primary-200 bg-primary-50 p-5">
				<h2 id="pay-heading" className="text-xl font-semibold">
					Pay {formatINR(booking.dueNow)} to confirm
				</h2>
				<p className="mt-1 text-slate-800">
					{booking.title}, from {formatTravelDate(booking.startDate)}. Total {formatINR(booking.total)} including GST.{' '}
					{booking.fullNow
						? `You arrive within ${booking.withinDays} days, when hotels and ferries are paid in full, so the whole amount is due now.`
						: `The balance of ${formatINR(booking.balance)} is due by ${formatTravelDate(booking.balanceDueDate)}.`}
				</p>
				{methods.length ? (
					<dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
						{upi?.method === 'upi' ? (
							<>
								<dt className="font-semibold">UPI</dt>
								<dd className="font-mono">{upi.upiId}</dd>
							</>
						) : null}
						{bank?.method === 'bank' ? (
							<>
								<dt className="font-semibold">Bank</dt>
								<dd>{bank.bankName}</dd>
								<dt className="font-semibold">Account name</dt>
								<dd>{bank.accountName}</dd>
								<dt className="font-semibold">Account number</dt>
								<dd className="font-mono">{bank.accountNumber}</dd>
								<dt className="font-semibold">IFSC</dt>
								<dd className="font-mono">{bank.ifsc}</dd>
							</>
						) : null}
					</dl>
				) : (
					<p className="mt-3 text-sm text-slate-800">Your planner sends you the payment details on WhatsApp.</p>
				)}
				<p className="mt-3 text-sm text-slate-800">Put {booking.reference} in the payment note, then send us the screenshot on WhatsApp.</p>
				<p className="mt-4">
					<a href={booking.tripPath} className={buttonClass('primary', 'lg')}>
						Pay and follow your trip
					</a>
				</p>
				<p className="mt-2 text-sm text-slate-800">
					Your trip page has a UPI pay button for the exact amount, your receipts and later your voucher. We also email you its link; keep it private.
				</p>
			</section>
			<h2 className="mt-8 text-xl font-semibold">What happens next</h2>
			<ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
				<li>We check your payment, usually within a few hours (8 am to 9 pm IST), and confirm your booking.</li>
				<li>We book your hotels, ferries and pickups with each supplier and tell you as they confirm.</li>
				<li>Once everything is confirmed, you get your travel voucher: the day plan, hotel confirmations, ferry PNRs, pickups and our 24×7 support numbers.</li>
			</ol>
		</>
	)
}

/** After an enquiry: when we reply and what the traveller gets. */
function EnquiryNext() {
	return (
		<>
			<h2 className="mt-8 text-xl font-semibold">What happens next</h2>
			<ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
				<li>A planner in Port Blair reads your message, usually within a few hours (8 am to 9 pm IST).</li>
				<li>They call or WhatsApp you to check dates, hotels and anything you want to do.</li>
				<li>You get a day-by-day plan with a price, valid for 7 days. Nothing is charged until you decide.</li>
			</ol>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
