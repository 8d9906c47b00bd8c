import { Marked } from 'marked'
import { parse as parseYaml } from 'yaml'
import { timeSensitiveTopics } from '~/features/travel-facts/domain/content-checks.ts'
import { expandFacts, unknownFactTokens } from '~/features/travel-facts/domain/facts.ts'
import { z } from '~/lib/zod.ts'

/**
 * Editorial pages: Markdown files in content/pages with YAML front matter.
 * Vite bundles them into the server build as strings; they are parsed and
 * rendered to HTML once, when this module loads, never per request.
 */
const islandSlugs = ['port-blair', 'havelock', 'neil', 'ross', 'north-bay', 'baratang', 'diglipur', 'long-island', 'little-andaman'] as const

export const frontMatterSchema = z.object({
	title: z.string().min(10).max(70),
	description: z.string().min(50).max(170),
	h1: z.string().min(3),
	kind: z.enum(['guide', 'destination', 'activity', 'package-category', 'info']),
	hero: z.string().regex(/^\/images\/[a-z0-9-]+\.jpg$/),
	heroAlt: z.string().min(10),
	updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
	/** When someone last checked the page's facts against its sources. */
	reviewed: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
	/** Where the facts come from: shown as "Checked on … · Sources" at the foot of the page. */
	sources: z.array(z.object({ title: z.string().min(3), url: z.url({ protocol: /^https?$/ }), as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })).default([]),
	/** Time-sensitive facts the page carries; each needs sources and a review within a year (content-checks.ts). */
	topics: z.array(z.enum(timeSensitiveTopics)).default([]),
	activity: z.enum(['snorkeling', 'sea-walking', 'scuba-diving']).optional(),
	packageCategory: z.enum(['honeymoon', 'family', 'ltc']).optional(),
	islands: z.array(z.enum(islandSlugs)).default([]),
	faqs: z.array(z.object({ q: z.string(), a: z.string() })).default([]),
	related: z.array(z.string().startsWith('/')).default([]),
	cta: z.object({ label: z.string(), href: z.string().startsWith('/') }).optional(),
})

export type ContentPage = z.infer<typeof frontMatterSchema> & {
	/** The route, e.g. /destinations/neil-island. */
	path: string
	html: string
	/** Second-level headings, for the on-page table of contents. */
	headings: Array<{ id: string; text: string }>
	wordCount: number
}

function slugify(text: string): string {
	return text
		.toLowerCase()
		.replace(/<[^>]+>/g, '')
		.replace(/&[a-z]+;/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
}

export function parsePage(source: string, path: string): ContentPage {
	const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'))
	if (!match) throw new Error(`${path}: missing front matter`)
	const result = frontMatterSchema.safeParse(parseYaml(match[1]!))
	if (!result.success) throw new Error(`${path}: invalid front matter: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
	const body = match[2]!
	const unknown = unknownFactTokens(source)
	if (unknown.length)
		throw new Error(`${path}: unknown travel fact ${unknown.map((name) => `{{${name}}}`).join(', ')} (see app/features/travel-facts/domain/facts.ts)`)
	const headings: ContentPage['headings'] = []
	// The heading a table sits under names its scroller for screen readers.
	let lastHeading = ''
	const marked = new Marked({
		gfm: true,
		renderer: {
			heading({ tokens, depth }) {
				const text = this.parser.parseInline(tokens)
				const id = slugify(text)
				if (depth === 2) headings.push({ id, text: text.replace(/<[^>]+>/g, '') })
				lastHeading = text.replace(/<[^>]+>/g, '')
				return `<h${depth} id="${id}">${text}</h${depth}>\n`
			},
			table(token) {
				// Wide tables scroll on their own on a phone instead of the page, in a scroller a keyboard can reach (tabindex=0).
				const header = token.header.map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`).join('')
				const rows = token.rows.map((row) => `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`).join('')
				const label = `${lastHeading || 'Table'} (table)`.replace(/"/g, '&quot;')
				return `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}"><table><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table></div>\n`
			},
		},
	})
	const html = marked.parse(body, { async: false })
	return { ...result.data, path, html, headings, wordCount: body.split(/\s+/).filter(Boolean).length }
}

const sources = import.meta.glob('../../content/pages/**/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>

function routeFor(file: string): string {
	return `/${file.replace(/^.*content\/pages\//, '').replace(/\.md$/, '')}`
}

const pages = new Map<string, ContentPage>(
	Object.entries(sources).map(([file, source]) => {
		const path = routeFor(file)
		return [path, parsePage(source, path)]
	}),
)

/**
 * The page with its fact tokens ({{ferry.reportingMinutes}}) replaced by
 * today's values. Tokens stay in the parsed page so a settings change shows
 * at once; expanding is a few string replacements per render.
 */
export function withFacts(page: ContentPage, values: Record<string, string>): ContentPage {
	const expand = (text: string) => expandFacts(text, values)
	return {
		...page,
		title: expand(page.title),
		description: expand(page.description),
		h1: expand(page.h1),
		html: expand(page.html),
		faqs: page.faqs.map((faq) => ({ q: expand(faq.q), a: expand(faq.a) })),
	}
}

export function getContentPage(path: string): ContentPage | undefined {
	return pages.get(path)
}

export function allContentPages(): ContentPage[] {
	return [...pages.values()].sort((a, b) => a.path.localeCompare(b.path))
}
