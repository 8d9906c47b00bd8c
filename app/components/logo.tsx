import { linkTo } from './client-links.ts'
import { site } from '~/lib/site.ts'

/**
 * The company mark and name, linking home: the site header and every bare page's header. A plain
 * `linkTo` anchor, which the root's `useClientNavigation` gives client navigation.
 */
export function Logo() {
	return (
		<a className="flex items-center gap-2 text-lg font-bold text-primary-900 no-underline" {...linkTo('/')}>
			<svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
				<circle cx="16" cy="16" r="16" className="fill-primary-700" />
				<path d="M4 21c4-3 8-3 12 0s8 3 12 0v5H4z" className="fill-sky-300" />
				<path d="M15 8c2 3 2 7 1 12h-1c1-4 1-8-1-11z" fill="#fde68a" />
				<path d="M15 9c-3-2-7-1-9 1 3-1 6 0 8 1zm1 0c3-2 7-1 9 1-3-1-6 0-8 1z" className="fill-emerald-200" />
			</svg>
			<span>{site.name}</span>
		</a>
	)
}
