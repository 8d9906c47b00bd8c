import { plural } from '~/lib/words.ts'
import { TableHead } from '~/components/ui/table-head.tsx'
import QRCode from 'qrcode'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PdfLink } from '~/components/pdf-link.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { WhatsAppIcon } from '~/components/whatsapp-icon.tsx'
import { DayPlan } from '~/features/bookings/components/day-plan.tsx'
import { PrintButton, printCss, TitledSection, VoucherServices } from '~/features/bookings/components/voucher-sections.tsx'
import { roundTheClockLabel, whatsappShareLink } from '~/features/bookings/domain/voucher.ts'
import { formatTravelDate } from '~/lib/dates.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { formatPhone } from '~/lib/phone.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { getVoucher } from '~/features/bookings/server/vouchers.server.ts'
import { staticPage } from '~/lib/static-page.ts'
import type { Route } from './+types/voucher'

/** Never indexed, never in a shared cache: the link is the traveller's secret (docs/decisions/041-voucher-page-offline.md). */
export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' })

/**
 * Plain HTML in the browser (app/lib/static-page.ts, ADR 219): the offline copy and the Print button are
 * the static client's (app/features/bookings/components/offline-copy.ts); the PDF is a plain download.
 */
export const handle = staticPage

export async function loader({ params }: Route.LoaderArgs) {
	const found = isId(params.id) ? await getVoucher(db(), params.id) : null
	if (!found)
		throw new Response('No voucher has this address. Check the link in your email or WhatsApp message.', { status: 404, statusText: 'Page Not Found' })
	const url = `${env().SITE_URL.replace(/\/$/, '')}/voucher/${found.voucher.id}`
	const [qrSvg, settings] = await Promise.all([QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }), getSettings(db())])
	return { ...found, url, qrSvg, reportingMinutes: settings.ferryReportingMinutes }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Voucher ${loaderData.snapshot.reference} | ${loaderData.snapshot.company.name}` : 'Voucher' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function VoucherPage({ loaderData }: Route.ComponentProps) {
	const { voucher, snapshot: s, url, qrSvg } = loaderData
	const valid = voucher.status === 'issued'
	return (
		<>
			{/* An agency's client sees the agency's brand, not our header (docs/decisions/225). */}
			{s.agency ? null : <BareHeader whatsappMessage={`About my booking ${s.reference}: `} />}
			<main id="main" className="voucher mx-auto max-w-3xl space-y-6 px-4 py-6 text-slate-900 sm:px-6">
				<style>{printCss}</style>
				{voucher.status === 'revoked' ? (
					<p role="alert" className="rounded-md border-2 border-error-600 bg-error-50 p-4 text-lg font-bold text-error-700">
						This voucher has been revoked and is no longer valid{voucher.revokeReason ? `: ${voucher.revokeReason}` : '.'} Call {s.company.phone} for help.
					</p>
				) : null}
				{voucher.status === 'reissued' ? (
					<p role="alert" className="rounded-md border-2 border-yellow-600 bg-warning-50 p-4 text-lg font-bold text-warning-800">
						This voucher was replaced by a newer version.{' '}
						{voucher.replacedBy ? (
							<a href={`/voucher/${voucher.replacedBy}`} className="underline">
								Open the current voucher
							</a>
						) : null}
					</p>
				) : null}

				<header className="flex flex-wrap items-start justify-between gap-4">
					<div>
						{s.agency?.logo ? <img src={s.agency.logo.src} alt={s.agency.logo.alt} className="mb-2 h-12 w-auto" data-testid="agency-logo" /> : null}
						<p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">{s.company.name} · travel voucher</p>
						<h1 className="mt-1 text-2xl font-bold">{s.title}</h1>
						<p className="mt-1">
							Booking <strong className="font-mono">{s.reference}</strong> · version {voucher.version}
							{valid ? '' : ' (not valid)'}
						</p>
						<p>
							{formatTravelDate(s.startDate)} to {formatTravelDate(s.endDate)} · {plural(s.nights, 'night')} · {s.party}
						</p>
						<p>
							Lead traveller: {s.contact.name}, {formatPhone(s.contact.phone)}
						</p>
						<p className="mt-2 font-semibold" data-testid="round-the-clock">
							{roundTheClockLabel}: call{' '}
							<a href={`tel:${s.company.phone.replace(/[^+\d]/g, '')}`} className="underline">
								{s.company.phone}
							</a>{' '}
							or WhatsApp{' '}
							<a href={`https://wa.me/${s.company.whatsapp.replace(/[^\d]/g, '')}`} className="underline">
								{s.company.whatsapp}
							</a>
						</p>
					</div>
					<figure className="w-32 shrink-0 text-center">
						{/* Our own SVG, made on the server from the voucher's address (no outside service). */}
						<div className="size-32" role="img" aria-label={`QR code of this voucher's address, ${url}`} dangerouslySetInnerHTML={{ __html: qrSvg }} />
						<figcaption className="text-xs text-slate-600">Scan to open this voucher</figcaption>
					</figure>
				</header>

				<div className="no-print flex flex-wrap items-center gap-3">
					<PdfLink href={`/voucher/${voucher.id}/pdf`} filename={`voucher-${s.reference}.pdf`} />
					<a href={whatsappShareLink(url, s.reference)} className={buttonClass('outline')} target="_blank" rel="noreferrer">
						<WhatsAppIcon className="size-4" /> Share on WhatsApp
					</a>
					<PrintButton />
					<p
						className="min-h-5 basis-full text-sm text-slate-700"
						data-testid="offline-state"
						data-offline-copy={`/voucher/${voucher.id}`}
						aria-live="polite"
					/>
				</div>

				<TitledSection title="Travellers">
					<table className="w-full text-left text-sm">
						<TableHead rowClassName="border-b border-slate-200" cellClassName="py-1 pr-2" columns={['Name', 'Age', 'Nationality', 'ID']} />
						<tbody>
							{s.travellers.map((t) => (
								<tr key={`${t.name}-${t.id}`} className="border-b border-slate-100">
									<td className="py-1 pr-2">{t.name}</td>
									<td className="py-1 pr-2">{t.age}</td>
									<td className="py-1 pr-2">{t.nationality}</td>
									<td className="py-1 pr-2 font-mono">{t.id}</td>
								</tr>
							))}
						</tbody>
					</table>
				</TitledSection>

				{s.days.length ? (
					<TitledSection title="Day by day">
						<DayPlan days={s.days} />
					</TitledSection>
				) : null}

				<VoucherServices snapshot={s} reportingMinutes={loaderData.reportingMinutes} />

				{s.inclusions.length ? (
					<TitledSection title="Included">
						<ul className="list-disc space-y-1 pl-5 text-sm">
							{s.inclusions.map((item) => (
								<li key={item}>{item}</li>
							))}
						</ul>
						{s.exclusions.length ? <p className="mt-2 text-sm text-slate-700">Not included: {s.exclusions.join('; ')}.</p> : null}
					</TitledSection>
				) : null}

				{s.agency ? null : (
					<TitledSection title="Payment">
						<p className="text-sm">
							Total {formatINR(s.payment.total)} · paid {formatINR(s.payment.paid)} ·{' '}
							{s.payment.balance > 0 ? `balance ${formatINR(s.payment.balance)} due by ${formatTravelDate(s.payment.balanceDueDate)}` : 'paid in full'}
						</p>
					</TitledSection>
				)}

				<TitledSection title="Emergency and support">
					<ul className="grid gap-1 text-sm sm:grid-cols-2">
						{s.emergency.map((entry) => (
							<li key={entry.label}>
								{entry.label}:{' '}
								<a href={`tel:${entry.number.replace(/[^+\d]/g, '')}`} className="font-semibold">
									{entry.number}
								</a>
							</li>
						))}
					</ul>
					<p className="no-print mt-2 text-sm">
						<a href="/emergency">Hospitals, health centres and help for divers</a>
					</p>
				</TitledSection>

				<footer className="border-t border-slate-300 pt-3 text-sm text-slate-700">
					<p className="font-semibold text-slate-900">{s.company.name}</p>
					<p>{s.company.address}</p>
					<p>
						Phone {s.company.phone} · WhatsApp {formatPhone(s.company.whatsapp)} · {s.company.email}
					</p>
					{s.agency?.ours ? <p>In partnership with {s.agency.ours}</p> : null}
				</footer>
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
