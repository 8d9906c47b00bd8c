import type { ReactNode } from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * A wide table's own sideways scroller: a named region in the tab order, so a
 * keyboard can reach and scroll it (axe: scrollable-region-focusable). Markdown
 * tables get the same wrapper from app/content/pages.server.ts.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
	return (
		// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroller must be focusable to be scrolled by keyboard
		<div role="region" aria-label={label} tabIndex={0} className={cn('table-scroll', className)}>
			{children}
		</div>
	)
}
