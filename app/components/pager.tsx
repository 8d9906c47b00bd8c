import { ChevronLeft, ChevronRight } from 'lucide-react'
import { IntentLink } from '~/components/prefetch.tsx'
import { buttonClass } from '~/components/ui/button.tsx'

/** Previous / next links for a server-paginated list; `href(page)` keeps the list's filters. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
	if (pages <= 1) return null
	return (
		<nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
			{page > 1 ? (
				<IntentLink className={buttonClass('outline')} rel="prev" to={href(page - 1)}>
					<ChevronLeft aria-hidden="true" className="size-4" /> Previous
				</IntentLink>
			) : (
				<span />
			)}
			<span className="text-sm text-slate-700">
				Page {page} of {pages}
			</span>
			{page < pages ? (
				<IntentLink className={buttonClass('outline')} rel="next" to={href(page + 1)}>
					Next <ChevronRight aria-hidden="true" className="size-4" />
				</IntentLink>
			) : (
				<span />
			)}
		</nav>
	)
}
