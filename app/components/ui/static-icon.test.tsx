import { Search } from 'lucide-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { adminSections } from '~/components/admin-nav.tsx'
import { StaticIcon } from './static-icon.tsx'

test('a static icon is byte for byte the Lucide icon it stands for, first render and later ones', () => {
	for (const { Icon } of [...adminSections, { Icon: Search }]) {
		const lucide = renderToStaticMarkup(<Icon aria-hidden="true" className="size-4 shrink-0" />)
		expect(lucide).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>(<\w+ [^>]+><\/\w+>)+<\/svg>$/)
		expect(renderToStaticMarkup(<StaticIcon icon={Icon} className="size-4 shrink-0" />)).toBe(lucide)
		expect(renderToStaticMarkup(<StaticIcon icon={Icon} className="size-4 shrink-0" />)).toBe(lucide)
	}
	expect(renderToStaticMarkup(<StaticIcon icon={Search} className="size-5" />)).toBe(renderToStaticMarkup(<Search aria-hidden="true" className="size-5" />))
})
