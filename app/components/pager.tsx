import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '~/components/ui/button.tsx'

/** Previous / next links for a server-paginated list; `href(page)` keeps the list's filters. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
	if (pages <= 1) return null
	return (
		<nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
			{page > 1 ? (
				<Link to={href(page - 1)} className={buttonClass('outline')} rel="prev">
					<ChevronLeft aria-hidden="true" className="size-4" /> Previous
				</Link>
			) : (
				<span />
			)}
			<span className="text-sm text-slate-700">
				Page {page} of {pages}
			</span>
			{page < pages ? (
				<Link to={href(page + 1)} className={buttonClass('outline')} rel="next">
					Next <ChevronRight aria-hidden="true" className="size-4" />
				</Link>
			) : (
				<span />
			)}
		</nav>
	)
}
