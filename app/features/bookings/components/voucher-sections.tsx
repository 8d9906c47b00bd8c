import { Printer } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '~/components/ui/button.tsx'
import { type VoucherSnapshot, voucherServiceSections } from '~/features/bookings/domain/voucher.ts'

/** A voucher section: its title labels it, and it is never split across printed pages. */
export function TitledSection({ title, children }: { title: string; children: ReactNode }) {
	const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
	return (
		<section aria-labelledby={id} className="voucher-section break-inside-avoid-page">
			<h2 id={id} className="border-b border-slate-300 pb-1 text-lg font-semibold text-primary-900">
				{title}
			</h2>
			<div className="mt-2">{children}</div>
		</section>
	)
}

/** A4 pages without the buttons and links that only work on screen. */
export const printCss = `
@page { size: A4; margin: 12mm; }
@media print {
	html, body { background: #fff !important; font-size: 10.5pt; }
	.no-print { display: none !important; }
	.voucher { max-width: none !important; padding: 0 !important; }
	.voucher-section { break-inside: avoid; }
	a { color: inherit; text-decoration: none; }
}`

export function PrintButton() {
	// The voucher ships no framework (ADR 219): the static client shows this button and prints on a click.
	// Without script it stays invisible (not focusable, not announced), as a button that does nothing is
	// worse than none; invisible rather than hidden, so showing it moves nothing on the page.
	return (
		<button type="button" data-print className={`${buttonClass('outline')} invisible`}>
			<Printer aria-hidden="true" className="size-4" /> Print
		</button>
	)
}

/**
 * What the trip books, section by section (hotels, ferries with the time to report and the jetty, the
 * operators' own sections, activities and pickups): the lines `voucherServiceSections` makes, the same
 * ones the PDF prints.
 */
export function VoucherServices({ snapshot, reportingMinutes }: { snapshot: VoucherSnapshot; reportingMinutes: number }) {
	return (
		<>
			{voucherServiceSections(snapshot, { reportingMinutes }).map((section) => (
				<TitledSection key={section.title} title={section.title}>
					<ul className="space-y-3">
						{section.items.map((item, index) => (
							<li key={index}>
								<p className="font-semibold">{item.heading}</p>
								{item.lines.map((line, n) => (
									<p key={n} className="text-sm">
										{line}
									</p>
								))}
								{item.reference ? (
									<p className="text-sm">
										{item.reference.label} <strong className="font-mono">{item.reference.value}</strong>
									</p>
								) : item.status ? (
									<p className="text-sm font-medium text-warning-800">{item.status}</p>
								) : null}
							</li>
						))}
					</ul>
					{section.note ? <p className="mt-2 text-sm text-slate-700">{section.note}</p> : null}
				</TitledSection>
			))}
		</>
	)
}
