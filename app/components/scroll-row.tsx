import type { ReactNode } from 'react'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'

/**
 * A row of cards that scrolls sideways (CSS scroll snap, no script), so a phone shows one card and
 * the edge of the next instead of a long column (docs/decisions/220-phone-first-home-page.md).
 * The row is a named, focusable region (arrow keys scroll it; `:focus-visible` draws the ring), and
 * every card's link is reachable with Tab and scrolls into view. From `sm` two cards show, from `lg` three.
 * `children` are the `<li>` items: give them `scrollRowItem`.
 */
export function ScrollRow({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
	return (
		// Named apart from its section (two landmarks with one name are ambiguous), and saying how it moves.
		<ScrollRegion label={`${label} (scrolls sideways)`} className={`-mx-1 snap-x snap-mandatory scroll-px-1 overscroll-x-contain px-1 py-2 ${className}`}>
			<ul className="flex gap-4">{children}</ul>
		</ScrollRegion>
	)
}

/** The class of a `ScrollRow` item: 80 % of a phone's width, half from `sm`, a third from `lg`. */
export const scrollRowItem = 'w-[80%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]'
