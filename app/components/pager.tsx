import { ChevronLeft, ChevronRight } from 'lucide-react'
import { linkTo } from '~/components/client-links.ts'
import { StaticIcon } from '~/components/ui/static-icon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'

/** Previous / next links for a server-paginated list; `href(page)` keeps the list's filters. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
	if (pages <= 1) return null
	return (
		<nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
			{page > 1 ? (
				<a className={buttonClass('outline')} rel="prev" {...linkTo(href(page - 1))}>
					<StaticIcon icon={ChevronLeft} className="size-4" /> Previous
				</a>
			) : (
				<span />
			)}
			<span className="text-sm text-slate-700">
				Page {page} of {pages}
			</span>
			{page < pages ? (
				<a className={buttonClass('outline')} rel="next" {...linkTo(href(page + 1))}>
					Next <StaticIcon icon={ChevronRight} className="size-4" />
				</a>
			) : (
				<span />
			)}
		</nav>
	)
}
