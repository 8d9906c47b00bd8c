import { islandSlugs, type IslandSlug } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'
import { type PackageCategory, packageCategorySlugs } from './packages.ts'

/** How many stay rows and day rows the form offers (a 9-night trip has 10 days). */
export const maxStays = 5
export const maxDays = 10

const lines = (value: string) =>
	value
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)

export function slugify(text: string): string {
	return text
		.toLowerCase()
		.normalize('NFKD')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.slice(0, 80)
}

/**
 * The /add-package form as flat fields (it works without JavaScript):
 * stayIsland1…5 + stayNights1…5, dayTitle1…10 + dayIsland1…10 + dayText1…10,
 * one line per highlight, inclusion and exclusion.
 */
export function parsePackageForm(values: Record<string, string>) {
	const stays: Array<{ island: IslandSlug; nights: number }> = []
	const errors: Record<string, string> = {}
	for (let i = 1; i <= maxStays; i++) {
		const island = values[`stayIsland${i}`]?.trim()
		const nightsText = values[`stayNights${i}`]?.trim()
		if (!island && !nightsText) continue
		const nights = Number(nightsText)
		if (!island || !islandSlugs.includes(island as IslandSlug)) errors[`stayIsland${i}`] = 'Choose the island for this stay.'
		else if (!Number.isInteger(nights) || nights < 1 || nights > 9) errors[`stayNights${i}`] = 'Nights must be a whole number from 1 to 9.'
		else stays.push({ island: island as IslandSlug, nights })
	}
	const totalNights = stays.reduce((sum, stay) => sum + stay.nights, 0)
	if (!stays.length && !Object.keys(errors).some((key) => key.startsWith('stay'))) errors.stayIsland1 = 'Add at least one stay: an island and its nights.'
	if (stays.length && stays[0]!.island !== 'port-blair') errors.stayIsland1 = 'Trips start in Port Blair (Sri Vijaya Puram), where the airport is.'
	if (totalNights > maxDays - 1) errors.stayNights1 = `A package can have at most ${maxDays - 1} nights.`

	const days: Array<{ day: number; island: IslandSlug; title: string; description: string }> = []
	for (let i = 1; i <= maxDays; i++) {
		const title = values[`dayTitle${i}`]?.trim() ?? ''
		const description = values[`dayText${i}`]?.trim() ?? ''
		const island = values[`dayIsland${i}`]?.trim() ?? ''
		if (!title && !description) continue
		if (!title) errors[`dayTitle${i}`] = `Give day ${i} a title.`
		else if (!islandSlugs.includes(island as IslandSlug)) errors[`dayIsland${i}`] = `Choose where day ${i} is spent.`
		else if (description.length < 20) errors[`dayText${i}`] = `Describe day ${i} in a sentence or two (at least 20 characters).`
		else days.push({ day: i, island: island as IslandSlug, title, description })
	}
	if (totalNights && days.length !== totalNights + 1 && !Object.keys(errors).some((key) => key.startsWith('day'))) {
		errors.dayTitle1 = `${totalNights} nights make ${totalNights + 1} days: fill in days 1 to ${totalNights + 1}, in order.`
	}
	if (days.some((day, index) => day.day !== index + 1)) errors.dayTitle1 = 'Fill in the days in order, without gaps.'

	const base = z.object({
		title: z.string().trim().min(10, 'Give the package a title of at least 10 characters.').max(120, 'Keep the title under 120 characters.'),
		slug: z
			.string()
			.trim()
			.transform((value) => value || undefined)
			.pipe(
				z
					.string()
					.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes, like havelock-neil-5-nights.')
					.max(80)
					.optional(),
			),
		category: z.enum(packageCategorySlugs as [PackageCategory, ...PackageCategory[]], { message: 'Choose a category.' }),
		status: z.enum(['draft', 'published'], { message: 'Choose draft or published.' }),
		featured: z
			.string()
			.optional()
			.transform((value) => value === 'on'),
		summary: z
			.string()
			.trim()
			.min(40, 'Write a summary of at least 40 characters: it shows on the package card.')
			.max(400, 'Keep the summary under 400 characters.'),
		highlights: z.string().transform(lines).pipe(z.array(z.string()).min(2, 'List at least 2 highlights, one per line.').max(10)),
		inclusions: z.string().transform(lines).pipe(z.array(z.string()).min(2, 'List what is included, one item per line.').max(20)),
		exclusions: z.string().transform(lines).pipe(z.array(z.string()).min(1, 'List what is not included, one item per line.').max(20)),
		image: z.string().regex(/^\/images\/[a-z0-9-]+\.jpg$/, 'Choose a photo.'),
		imageAlt: z.string().trim().min(10, 'Describe the photo for people who cannot see it (at least 10 characters).'),
		seoTitle: z
			.string()
			.trim()
			.max(60, 'Search titles show at most 60 characters.')
			.optional()
			.transform((value) => value || null),
		seoDescription: z
			.string()
			.trim()
			.max(160, 'Search descriptions show at most 160 characters.')
			.optional()
			.transform((value) => value || null),
	})
	const parsed = base.safeParse(values)
	if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
	const faqs: Array<{ q: string; a: string }> = []
	for (let i = 1; i <= 3; i++) {
		const q = values[`faqQ${i}`]?.trim()
		const a = values[`faqA${i}`]?.trim()
		if (q && a) faqs.push({ q, a })
		else if (q || a) errors[`faqQ${i}`] = 'Give both the question and its answer, or neither.'
	}
	if (!parsed.success || Object.keys(errors).length) return { ok: false as const, errors }
	const form = parsed.data
	return {
		ok: true as const,
		value: {
			slug: form.slug ?? slugify(form.title),
			title: form.title,
			category: form.category,
			status: form.status,
			featured: form.featured,
			summary: form.summary,
			stays,
			days,
			highlights: form.highlights,
			inclusions: form.inclusions,
			exclusions: form.exclusions,
			images: [{ src: form.image, alt: form.imageAlt }],
			faqs,
			seoTitle: form.seoTitle,
			seoDescription: form.seoDescription,
			// Prices come from the rate tables once the package is saved (docs/decisions/022-package-prices-from-rates.md).
			prices: { standard: null, deluxe: null, premium: null },
		},
	}
}

/** The /add-package form as one Zod schema (what `parseForm` takes): the flat fields, checked by `parsePackageForm`. */
export const packageFormSchema = z.record(z.string(), z.unknown()).transform((posted, ctx) => {
	const values: Record<string, string> = {}
	for (const [name, value] of Object.entries(posted)) if (typeof value === 'string') values[name] = value
	const parsed = parsePackageForm(values)
	if (parsed.ok) return parsed.value
	for (const [name, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: 'custom', path: name === 'form' ? [] : [name], message })
	return z.NEVER
})
