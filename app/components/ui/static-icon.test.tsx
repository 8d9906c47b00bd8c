import { type LucideIcon, Search } from 'lucide-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { adminSections } from '~/components/admin-nav.tsx'
import { StaticIcon, staticIconHtml } from './static-icon.tsx'

test('a static icon is byte for byte the Lucide icon it stands for, first render and later ones', () => {
	for (const { Icon } of [...adminSections, { Icon: Search }]) {
		const lucide = renderToStaticMarkup(<Icon aria-hidden="true" className="size-4 shrink-0" />)
		expect(lucide).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>(<\w+ [^>]+><\/\w+>)+<\/svg>$/)
		expect(renderToStaticMarkup(<StaticIcon icon={Icon} className="size-4 shrink-0" />)).toBe(lucide)
		expect(renderToStaticMarkup(<StaticIcon icon={Icon} className="size-4 shrink-0" />)).toBe(lucide)
	}
	expect(renderToStaticMarkup(<StaticIcon icon={Search} className="size-5" />)).toBe(renderToStaticMarkup(<Search aria-hidden="true" className="size-5" />))
})

test('an icon as ready markup is the same bytes, for the nav written as markup', () => {
	// Made during a render, as the nav does: Lucide reads its context while drawing the icon.
	const markup = (icon: LucideIcon, className: string) => {
		function Probe() {
			return <i dangerouslySetInnerHTML={{ __html: staticIconHtml(icon, className) }} />
		}
		return renderToStaticMarkup(<Probe />).replace(/^<i>|<\/i>$/g, '')
	}
	for (const { Icon } of [...adminSections, { Icon: Search }]) {
		const lucide = renderToStaticMarkup(<Icon aria-hidden="true" className="size-4 shrink-0" />)
		expect(markup(Icon, 'size-4 shrink-0')).toBe(lucide)
		expect(markup(Icon, 'size-4 shrink-0')).toBe(lucide)
	}
	expect(markup(Search, 'size-5 "quoted"')).toBe(renderToStaticMarkup(<Search aria-hidden="true" className='size-5 "quoted"' />))
})
