import { Marked } from 'marked'
import { parse as parseYaml } from 'yaml'
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
	const headings: ContentPage['headings'] = []
	const marked = new Marked({
		gfm: true,
		renderer: {
			heading({ tokens, depth }) {
				const text = this.parser.parseInline(tokens)
				const id = slugify(text)
				if (depth === 2) headings.push({ id, text: text.replace(/<[^>]+>/g, '') })
				return `<h${depth} id="${id}">${text}</h${depth}>\n`
			},
			table(token) {
				// Wide tables scroll on their own on a phone instead of the page.
				const header = token.header.map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`).join('')
				const rows = token.rows
					.map((row) => `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`)
					.join('')
				return `<table><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>\n`
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

export function getContentPage(path: string): ContentPage | undefined {
	return pages.get(path)
}

export function allContentPages(): ContentPage[] {
	return [...pages.values()].sort((a, b) => a.path.localeCompare(b.path))
}
