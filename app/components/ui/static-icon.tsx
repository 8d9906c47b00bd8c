import type { LucideIcon } from 'lucide-react'
import { createElement, type ReactElement, type ReactNode } from 'react'
import { escapeHtml } from '~/lib/html.ts'

type AnyProps = Record<string, unknown> & { children?: ReactNode }

/** Follows forwardRef components (a Lucide icon and the base it wraps) down to the `<svg>` element they return. */
function svgElementOf(element: ReactElement<AnyProps>): ReactElement<AnyProps> {
	let current = element
	while (typeof current.type !== 'string') {
		const render = (current.type as { render?: (props: AnyProps, ref: null) => ReactElement<AnyProps> }).render
		if (!render) throw new Error('StaticIcon takes a Lucide icon (a forwardRef component)')
		current = render(current.props, null)
	}
	return current
}

/** The shapes inside the `<svg>` as React writes them: `<path d="…"></path>`, attributes in order, `key` left out. */
function shapesHtml(children: ReactNode): string {
	const list = Array.isArray(children) ? children : [children]
	let html = ''
	for (const child of list) {
		if (child === null || child === undefined || typeof child === 'boolean') continue
		const { type, props } = child as ReactElement<AnyProps>
		if (typeof type !== 'string' || props.children !== undefined) throw new Error('StaticIcon expects an icon made of plain shapes')
		let attributes = ''
		for (const [name, value] of Object.entries(props))
			if (value !== null && value !== undefined && typeof value !== 'boolean') attributes += ` ${name}="${escapeHtml(String(value))}"`
		html += `<${type}${attributes}></${type}>`
	}
	return html
}

/** React's names for the `<svg>` attributes a Lucide icon sets, as HTML writes them. */
const htmlAttributeNames: Record<string, string> = {
	className: 'class',
	strokeWidth: 'stroke-width',
	strokeLinecap: 'stroke-linecap',
	strokeLinejoin: 'stroke-linejoin',
}

type DrawnIcon = { element: ReactElement; html: string }
const drawn = new Map<LucideIcon, Map<string, DrawnIcon>>()

/** An icon worked out once per icon and class: as a React element with its shapes as ready markup, and as markup whole. */
function drawIcon(icon: LucideIcon, className: string): DrawnIcon {
	let byClass = drawn.get(icon)
	if (!byClass) drawn.set(icon, (byClass = new Map()))
	let entry = byClass.get(className)
	if (!entry) {
		const { children, ...svgProps } = svgElementOf(createElement(icon, { 'aria-hidden': 'true', className }) as ReactElement<AnyProps>).props
		const shapes = shapesHtml(children)
		let attributes = ''
		for (const [name, value] of Object.entries(svgProps)) {
			if (value === null || value === undefined || typeof value === 'boolean' || name === 'ref') continue
			attributes += ` ${htmlAttributeNames[name] ?? name}="${escapeHtml(String(value))}"`
		}
		entry = { element: createElement('svg', { ...svgProps, dangerouslySetInnerHTML: { __html: shapes } }), html: `<svg${attributes}>${shapes}</svg>` }
		byClass.set(className, entry)
	}
	return entry
}

/**
 * A decorative Lucide icon drawn the same way on every render (the admin nav's nineteen, twice a
 * page): Lucide works out the `<svg>` once per icon and class, and later renders return that same
 * element, its shapes as ready markup, instead of recomputing its attributes and creating an element
 * per shape (ADR 159). The HTML is byte for byte what `<Icon aria-hidden="true" className={className} />`
 * renders. Not for icons inside a `LucideProvider`, whose defaults would be read only the first time.
 */
export function StaticIcon({ icon, className }: { icon: LucideIcon; className: string }) {
	return drawIcon(icon, className).element
}

/**
 * The whole `<svg>` of a decorative Lucide icon as markup, for a list that writes each item's content
 * once as ready HTML (the admin nav, ADR 163). The same bytes `StaticIcon` renders. Call it while
 * rendering, as a component would: Lucide reads its context when it draws the icon.
 */
export function staticIconHtml(icon: LucideIcon, className: string): string {
	return drawIcon(icon, className).html
}
