import { Link } from 'react-router'
import { QuoteShareLink } from '~/features/sales/components/quote-share-link.tsx'
import { Button } from '~/components/ui/button.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { quoteStatusLabels, quoteWhatsAppGreeting } from '~/features/sales/domain/quote.ts'
import type { QuotePreview } from '~/features/sales/server/quotes.server.ts'
import { formatPhone } from '~/lib/phone.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { formatINR } from '~/lib/money.ts'
import type { LoaderData } from './itinerary-day-fields.tsx'

/** The itinerary editor's side panels (app/routes/admin/itinerary/itinerary.tsx): the server's price, and the quotes sent from the plan. */

const availabilityStyle: Record<LoaderData['availability'][number]['status'], string> = {
	available: 'text-success-800',
	'on-request': 'text-info-900',
	unavailable: 'font-semibold text-error-700',
}

/** Each stay's hotel on the plan's dates, read when the page loads (docs/inventory.md). */
export function StayAvailabilityList({ availability }: { availability: LoaderData['availability'] }) {
	if (!availability.length) return null
	return (
		<section aria-labelledby="stay-availability-heading" className="mt-3" data-testid="stay-availability">
			<h3 id="stay-availability-heading" className="font-medium">
				Hotel availability
			</h3>
			<ul className="mt-1 space-y-1 text-sm">
				{availability.map((stay) => (
					<li key={`${stay.arrival}-${stay.hotelName}`}>
						{stay.hotelName} ({stay.roomTypeName}), {formatTravelDate(stay.arrival)}, {stay.nights} {stay.nights === 1 ? 'night' : 'nights'}:{' '}
						<span className={availabilityStyle[stay.status]}>{stay.note}</span>
					</li>
				))}
			</ul>
		</section>
	)
}

export function PricePanel({ price, defaultMarkup }: { price: LoaderData['itinerary']['price']; defaultMarkup: number }) {
	if (!price) return <p>Not priced yet: add days and save.</p>
	if (!price.ok)
		return (
			<div role="alert" className="rounded-md bg-error-50 p-3 text-error-700">
				<p className="font-semibold">This plan cannot be priced yet:</p>
				<ul className="mt-1 list-disc pl-5">
					{price.problems.map((problem) => (
						<li key={problem}>{problem}</li>
					))}
				</ul>
			</div>
		)
	return (
		<div>
			<dl className="grid grid-cols-2 gap-x-4 gap-y-1">
				<dt>Cost</dt>
				<dd className="text-right font-semibold" data-testid="price-cost">
					{formatINR(price.totalCost)}
				</dd>
				<dt>Sell (total with GST)</dt>
				<dd className="text-right text-lg font-bold" data-testid="price-total">
					{formatINR(price.total)}
				</dd>
				<dt>Margin (before GST)</dt>
				<dd className={price.margin < 0 ? 'text-right font-semibold text-error-700' : 'text-right font-semibold'}>{formatINR(price.margin)}</dd>
				<dt>Per person ({price.payingTravellers})</dt>
				<dd className="text-right font-semibold">{formatINR(price.perPerson)}</dd>
			</dl>
			<details className="mt-3">
				<summary className="cursor-pointer font-medium">Breakdown</summary>
				<table className="mt-2 w-full text-sm">
					<caption className="sr-only">Lines with cost and sell</caption>
					{/* Each amount keeps a gap from its neighbour and stays on one line: two columns of rupees never read as one number. */}
					<TableHead
						columns={[
							{ label: 'Line', className: 'text-left' },
							{ label: 'Cost', className: 'pl-3 text-right' },
							{ label: 'Sell', className: 'pl-3 text-right' },
						]}
					/>
					<tbody>
						{price.lines.map((line, index) => (
							<tr key={index} className="border-t border-slate-200">
								<td className="py-1">{line.description}</td>
								<td className="py-1 pl-3 text-right whitespace-nowrap">{formatINR(line.cost)}</td>
								<td className="py-1 pl-3 text-right whitespace-nowrap">{formatINR(line.sell)}</td>
							</tr>
						))}
						<tr className="border-t border-slate-300">
							<td>
								Markup ({price.markupPercent}%{price.markupPercent === defaultMarkup ? ', settings' : ', override'})
							</td>
							<td />
							<td className="pl-3 text-right whitespace-nowrap">{formatINR(price.markup)}</td>
						</tr>
						{price.discount ? (
							<tr>
								<td>Discount</td>
								<td />
								<td className="pl-3 text-right whitespace-nowrap">−{formatINR(price.discount)}</td>
							</tr>
						) : null}
						<tr>
							<td>GST ({price.gstPercent}%)</td>
							<td />
							<td className="pl-3 text-right whitespace-nowrap">{formatINR(price.gst)}</td>
						</tr>
					</tbody>
				</table>
			</details>
			{price.warnings.length ? (
				<ul className="mt-2 list-disc pl-5 text-sm text-amber-800">
					{price.warnings.map((warning) => (
						<li key={warning}>{warning}</li>
					))}
				</ul>
			) : null}
		</div>
	)
}

export function QuotesPanel({
	quotes,
	lead,
	archived,
	busyIntent,
}: {
	quotes: LoaderData['quotes']
	lead: LoaderData['lead']
	archived: boolean
	busyIntent: string | null
}) {
	const hasLead = lead !== null
	return (
		<section className="space-y-2 rounded-xl border border-slate-300 bg-white p-4" aria-labelledby="quotes-heading">
			<h2 id="quotes-heading" className="text-lg font-semibold">
				Quotes
			</h2>
			{quotes.length ? (
				<ul className="space-y-1 text-sm">
					{quotes.map((quote) => (
						<li key={quote.id}>
							<Link to={`/quote/${quote.id}`} target="_blank" rel="noreferrer">
								Version {quote.version}
							</Link>{' '}
							· {quoteStatusLabels[quote.status]} · {formatINR(quote.total)} · valid until {formatTravelDate(quote.validUntil)}
							{quote.booking ? (
								<>
									{' '}
									· booked as <Link to={`/admin/pending/${quote.booking.id}`}>{quote.booking.reference}</Link>
								</>
							) : null}
							{quote.status === 'sent' || quote.status === 'viewed' ? (
								<QuoteShareLink
									url={quote.shareUrl}
									phone={lead?.phone ?? null}
									greeting={quoteWhatsAppGreeting(lead?.name ?? null, quote.version)}
									className="mt-2"
								/>
							) : null}
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-slate-700">None sent yet.</p>
			)}
			<Button type="submit" name="intent" value="send" className="w-full" disabled={!hasLead} pending={busyIntent === 'send'}>
				{quotes.length ? 'Send new quote version' : 'Send quote'}
			</Button>
			{!hasLead ? <p className="text-sm text-slate-600">Start the itinerary from a lead to send a quote.</p> : null}
			<Button type="submit" name="intent" value="save-package" variant="outline" className="w-full" pending={busyIntent === 'save-package'}>
				Save as package
			</Button>
			{archived ? null : (
				<>
					<Button type="submit" name="intent" value="archive" variant="ghost" className="w-full" pending={busyIntent === 'archive'}>
						Archive itinerary
					</Button>
					<p className="text-sm text-slate-600">Archiving hides it from the lists without saving unsaved changes; restore it any time.</p>
				</>
			)}
		</section>
	)
}

/**
 * What Send quote shows before anything is sent: the email the traveller will get (or that the lead has
 * no address) and the WhatsApp message, with the button that sends it. The button belongs to the
 * editor's form (`form`), so it posts the plan and its revision like every other button.
 */
export function QuotePreviewPanel({ preview, form, pending }: { preview: QuotePreview; form: string; pending: boolean }) {
	return (
		<section aria-labelledby="quote-preview-heading" className="space-y-4 rounded-xl border border-primary-300 bg-white p-4">
			<h2 id="quote-preview-heading" className="text-lg font-semibold">
				What the traveller will receive (quote version {preview.version})
			</h2>
			<div className="grid gap-4 lg:grid-cols-2">
				<div className="min-w-0 space-y-1">
					<h3 className="font-semibold">Email</h3>
					{preview.email ? (
						<>
							<p className="text-sm break-words">
								To <span className="font-medium">{preview.email.to}</span>
							</p>
							<p className="text-sm break-words">
								Subject <span className="font-medium">{preview.email.subject}</span>
							</p>
							<pre
								className="max-h-96 overflow-auto rounded-md bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap break-words"
								data-testid="quote-email-preview"
							>
								{preview.email.text}
							</pre>
						</>
					) : (
						<p className="text-sm">
							No email address on the lead, so no email goes out: send the WhatsApp message after sending. Add an address on the lead’s page to email quotes.
						</p>
					)}
				</div>
				<div className="min-w-0 space-y-1">
					<h3 className="font-semibold">WhatsApp message</h3>
					<p className="text-sm">
						{preview.whatsapp.to ? (
							<>To {formatPhone(preview.whatsapp.to)}; after sending, the quotes list opens WhatsApp with it written.</>
						) : (
							'No phone number on the lead: WhatsApp opens its own chat picker.'
						)}
					</p>
					<pre className="rounded-md bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap break-words" data-testid="quote-whatsapp-preview">
						{preview.whatsapp.text}
					</pre>
				</div>
			</div>
			<p className="text-sm text-slate-700">
				The link is made when you send. Changing the plan now takes this preview away: press Send quote again to see the new one.
			</p>
			<Button type="submit" form={form} name="intent" value="confirm-send" pending={pending}>
				Confirm and send
			</Button>
		</section>
	)
}
