import { ISLANDS } from '~/features/rates/domain/pricing/constants.ts'
import type { MealPlan } from '~/features/rates/domain/pricing/types.ts'
import { activityIsland, activityLabel, parseEngineActivityId } from '~/features/rates/domain/activities.ts'
import { formList } from '~/lib/form-list.ts'
import { islandSlugs, type IslandSlug } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'

/** Reusable days for itineraries (docs/product.md, /admin/add-days). Editing one never changes a quote made from it: itineraries copy the day. */
export const meals = ['breakfast', 'lunch', 'dinner'] as const
export type Meal = (typeof meals)[number]
export const mealLabels: Record<Meal, string> = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' }

/** Where ferries run between (docs/product.md ferry routes). */
export const ferryPorts = ['port-blair', 'havelock', 'neil'] as const satisfies readonly IslandSlug[]

export type FerryLeg = { from: (typeof ferryPorts)[number]; to: (typeof ferryPorts)[number] }

export type DayTemplate = {
	id: string
	island: IslandSlug
	title: string
	description: string
	activities: string[]
	/** Engine activity ids (`scuba-diving@havelock`) the day includes and a quote prices. */
	priced: string[]
	transfers: string[]
	ferry: FerryLeg | null
	meals: Meal[]
	tags: string[]
	position: number
	active: boolean
	archived: boolean
	updatedAt: string
}

const lines = (max: number, message: string) =>
	z
		.string()
		.optional()
		.transform((value) =>
			(value ?? '')
				.split(/\r?\n/)
				.map((line) => line.trim())
				.filter(Boolean),
		)
		.refine((list) => list.length <= max && list.every((line) => line.length <= 200), { message })

/** The day template form, for the server and the browser. */
export const dayTemplateSchema = z
	.object({
		island: z.enum(islandSlugs as [IslandSlug, ...IslandSlug[]], { message: 'Choose the island where the day is spent.' }),
		title: z.string().trim().min(3, 'Give the day a title of at least 3 characters.').max(120, 'Keep the title under 120 characters.'),
		description: z
			.string()
			.trim()
			.min(10, 'Describe the day in a sentence or two (at least 10 characters).')
			.max(3000, 'Keep the description under 3,000 characters.'),
		activities: lines(20, 'List at most 20 activities, one per line, each under 200 characters.'),
		priced: z
			.array(z.string())
			.optional()
			.transform((value) => [...new Set(value ?? [])])
			.refine((list) => list.length <= 10 && list.every((id) => parseEngineActivityId(id) !== null), {
				message: 'Choose at most 10 priced activities from the list.',
			}),
		transfers: lines(10, 'List at most 10 transfers, one per line, each under 200 characters.'),
		ferryFrom: z
			.string()
			.optional()
			.transform((value) => value || null)
			.refine((value) => value === null || (ferryPorts as readonly string[]).includes(value), { message: 'Choose a ferry port from the list.' }),
		ferryTo: z
			.string()
			.optional()
			.transform((value) => value || null)
			.refine((value) => value === null || (ferryPorts as readonly string[]).includes(value), { message: 'Choose a ferry port from the list.' }),
		meals: z
			.array(z.enum(meals, { message: 'Choose meals from the list.' }))
			.optional()
			.transform((value) => meals.filter((meal) => value?.includes(meal))),
		tags: z
			.string()
			.optional()
			.transform((value) => [
				...new Set(
					(value ?? '')
						.split(',')
						.map((tag) => tag.trim().toLowerCase())
						.filter(Boolean),
				),
			])
			.refine((tags) => tags.length <= 12 && tags.every((tag) => /^[a-z0-9][a-z0-9 -]{0,29}$/.test(tag)), {
				message: 'Use up to 12 tags of letters, numbers, spaces or hyphens, separated by commas.',
			}),
		active: z
			.string()
			.optional()
			.transform((value) => value === 'on' || value === 'true' || value === '1'),
	})
	.superRefine((form, ctx) => {
		const away = form.priced.find((id) => activityIsland(parseEngineActivityId(id)?.location ?? '') !== sleepsOn(form.island))
		if (away)
			ctx.addIssue({
				code: 'custom',
				path: ['priced'],
				message: `${pricedActivityLabel(away)} is not done from ${form.island === 'port-blair' ? 'Port Blair' : 'this island'}: choose activities offered where the day is spent.`,
			})
		if (Boolean(form.ferryFrom) !== Boolean(form.ferryTo))
			ctx.addIssue({ code: 'custom', path: [form.ferryFrom ? 'ferryTo' : 'ferryFrom'], message: 'Give both ends of the ferry crossing, or neither.' })
		else if (form.ferryFrom && form.ferryFrom === form.ferryTo)
			ctx.addIssue({ code: 'custom', path: ['ferryTo'], message: 'The ferry must go to a different island.' })
	})
export type DayTemplateInput = z.infer<typeof dayTemplateSchema>

export const dayTemplateFields = ['island', 'title', 'description', 'activities', 'transfers', 'ferryFrom', 'ferryTo', 'tags', 'active'] as const

export function dayTemplateFormInput(form: FormData): Record<string, string | string[]> {
	const input: Record<string, string | string[]> = {}
	for (const name of dayTemplateFields) {
		const value = form.get(name)
		input[name] = typeof value === 'string' ? value : ''
	}
	input.meals = form.getAll('meals').filter((value): value is string => typeof value === 'string')
	input.priced = form.getAll('priced').filter((value): value is string => typeof value === 'string')
	return input
}

/** ",beach,snorkelling," — delimited so a tag filter is one portable LIKE. */
export function tagsColumn(tags: readonly string[]): string {
	return `,${tags.join(',')},`
}
export function tagsFromColumn(column: string): string[] {
	return column.split(',').filter(Boolean)
}

/** The island a day's activities are done from: day trips (Ross, North Bay) are done from Port Blair. */
function sleepsOn(island: string): string {
	return (ISLANDS as readonly string[]).includes(island) ? island : 'port-blair'
}

/** `scuba-diving@havelock` → "Scuba diving (Havelock)". */
export function pricedActivityLabel(id: string): string {
	const parsed = parseEngineActivityId(id)
	if (!parsed) return id
	const place = parsed.location.replace(/-/g, ' ')
	return `${activityLabel(parsed.activity)} (${place.charAt(0).toUpperCase()}${place.slice(1)})`
}

/**
 * The activities a day lists for the traveller: its own, then each priced activity (engine id) its
 * text does not name yet, as "Scuba diving (Havelock), included". A priced activity staff tick on a
 * day is charged, so the day says so (a quote never reads "free day" while charging for a dive).
 */
export function activitiesWithPriced(day: { title: string; description: string; activities: readonly string[]; priced: readonly string[] }): string[] {
	const listed = [...day.activities]
	for (const id of day.priced) {
		const words = pricedActivityWords.find((word) => word.activity === parseEngineActivityId(id)?.activity)
		if (!words?.pattern.test([day.title, day.description, ...listed].join('\n'))) listed.push(`${pricedActivityLabel(id)}, included`)
	}
	return listed
}

/** The meals a hotel meal plan includes: EP none, CP breakfast, MAP breakfast and dinner, AP all three. */
export const mealPlanMeals: Record<MealPlan, readonly Meal[]> = {
	EP: [],
	CP: ['breakfast'],
	MAP: ['breakfast', 'dinner'],
	AP: ['breakfast', 'lunch', 'dinner'],
}

// ─── Prose against items ─────────────────────────────────────────────────────
// A day's text is what the traveller reads; its priced activities and meals are
// what the quote charges for. Whatever the text names must be in the items.

/** Activities the engine prices, and the words travellers read for them. */
export const pricedActivityWords: ReadonlyArray<{ activity: string; label: string; pattern: RegExp }> = [
	{ activity: 'scuba-diving', label: 'Scuba diving', pattern: /\bscuba\b|\btry[- ]dives?\b|\bintroductory dive\b/i },
	{ activity: 'snorkeling', label: 'Snorkelling', pattern: /\bsnorkel(l?ing)?\b/i },
	{ activity: 'sea-walking', label: 'Sea walk', pattern: /\bsea[- ]?walk(s|ing)?\b/i },
	{ activity: 'glass-bottom-boat', label: 'Glass-bottom boat', pattern: /\bglass[- ]bottom(ed)? boat/i },
	{ activity: 'jet-ski', label: 'Jet ski', pattern: /\bjet[- ]?ski(s|ing)?\b/i },
	{ activity: 'parasailing', label: 'Parasailing', pattern: /\bparasail(ing)?\b/i },
	{ activity: 'semi-submarine', label: 'Semi-submarine', pattern: /\bsemi[- ]submarine\b/i },
	{ activity: 'bioluminescence-kayaking', label: 'Bioluminescence kayaking', pattern: /\bbioluminescen(ce|t)\b/i },
	{ activity: 'mangrove-kayaking', label: 'Mangrove kayaking', pattern: /\bmangrove kayak(ing)?\b/i },
]

const mealWords: ReadonlyArray<{ meal: Meal; pattern: RegExp }> = [
	{ meal: 'breakfast', pattern: /\bbreakfast\b/i },
	{ meal: 'lunch', pattern: /\blunch\b/i },
	{ meal: 'dinner', pattern: /\bdinner\b/i },
]

/** A sentence or line that says the thing is not part of the price: it promises nothing. */
const notIncluded = /\b(optional|own gear|own cost|paid (there|locally|on the spot)|at extra cost|not included|extra charge|hired? at|if you wish)\b/i

export type TemplateMismatch = { kind: 'activity' | 'meal'; item: string; message: string }

function phrases(text: string): string[] {
	return text
		.split(/(?<=[.!?;])\s+|\r?\n/)
		.map((part) => part.trim())
		.filter(Boolean)
}

/**
 * What a day's text names but its items do not include: an activity the engine
 * prices that is not among the priced activities, or a meal not ticked. A
 * phrase that says "optional", "own gear", "paid there"… promises nothing and
 * is not checked. Pure, for the server after a save and the browser as staff type.
 */
export function templateMismatches(day: {
	title: string
	description: string
	activities: readonly string[]
	priced: readonly string[]
	meals: readonly Meal[]
}): TemplateMismatch[] {
	const promised = [day.title, day.description, ...day.activities].flatMap(phrases).filter((phrase) => !notIncluded.test(phrase))
	const text = promised.join('\n')
	const pricedActivities = new Set(day.priced.map((id) => parseEngineActivityId(id)?.activity))
	const found: TemplateMismatch[] = []
	for (const word of pricedActivityWords) {
		if (!word.pattern.test(text) || pricedActivities.has(word.activity)) continue
		found.push({
			kind: 'activity',
			item: word.activity,
			message: `The text mentions ${word.label.toLowerCase()}, but no priced ${word.label.toLowerCase()} activity is chosen: add it under “Priced activities”, or say in the text that it is optional and paid there.`,
		})
	}
	for (const { meal, pattern } of mealWords) {
		if (!pattern.test(text) || day.meals.includes(meal)) continue
		found.push({
			kind: 'meal',
			item: meal,
			message: `The text mentions ${meal}, but ${meal} is not ticked under “Meals”: tick it, or take it out of the text.`,
		})
	}
	return found
}

/** The day form as posted (server and browser alike): meals and priced activities are checkboxes, so one value or a list. */
export const dayTemplateFormSchema = dayTemplateSchema.safeExtend({
	meals: formList(dayTemplateSchema.shape.meals),
	priced: formList(dayTemplateSchema.shape.priced),
})
