import { IntentLink } from '~/components/prefetch.tsx'
import { buttonClass } from './ui/button.tsx'
import { WhatsAppIcon } from './whatsapp-icon.tsx'
import { formatINR } from '~/lib/money.ts'
import { whatsappLink } from '~/lib/site.ts'
import { cn } from '~/lib/utils.ts'

export type StickyBookingBarProps = {
	/** Per person in paise; null when there is no price to show yet. */
	perPerson: number | null
	/** "from" for a package's lowest tier; nothing for a priced trip. */
	pricePrefix?: string
	bookHref: string | null
	whatsappMessage: string
	/** Where the full price panel is, for "see the breakdown". */
	priceAnchor: string
	/** For pages that replace its content in place (app/lib/live-form.ts). */
	id?: string
}

/**
 * The price and the two actions, kept at the bottom of a phone screen. It is the
 * last child of the page's <main> and `position: sticky`, not fixed: it takes its
 * own height in the flow, so it never covers the end of the page and never shifts
 * the layout, and it needs no JavaScript. Hidden from `lg` up, where the price
 * panel sits beside the content.
 */
export function StickyBookingBar({ perPerson, pricePrefix, bookHref, whatsappMessage, priceAnchor, id }: StickyBookingBarProps) {
	return (
		<aside
			id={id}
			data-live-region={id ? '' : undefined}
			aria-label="Price and booking"
			data-testid="sticky-booking-bar"
			className="no-print sticky bottom-0 z-20 -mx-4 mt-8 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
		>
			<div className="flex items-center gap-3">
				<a href={priceAnchor} className="min-w-0 flex-1 text-slate-900 no-underline">
					{perPerson !== null ? (
						<>
							<span className="block text-xs text-slate-700">{pricePrefix ? `${pricePrefix} ` : ''}per person</span>
							<span className="block text-lg leading-tight font-bold" data-testid="sticky-price">
								{formatINR(perPerson)}
							</span>
						</>
					) : (
						<span className="block text-sm font-medium">See the price</span>
					)}
				</a>
				<a href={whatsappLink(whatsappMessage)} className={cn(buttonClass('outline'), 'h-11 px-3')}>
					<WhatsAppIcon className="size-5 text-[#128C7E]" />
					<span className="sr-only sm:not-sr-only">WhatsApp</span>
					<span className="sr-only"> (ask about this trip)</span>
				</a>
				{bookHref ? (
					<IntentLink to={bookHref} className={cn(buttonClass('primary'), 'h-11')}>
						Book now
					</IntentLink>
				) : null}
			</div>
		</aside>
	)
}
