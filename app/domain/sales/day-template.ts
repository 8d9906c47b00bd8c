import { islandSlugs, type IslandSlug } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'

/** Reusable days for itineraries (DESIGN.md §5, /admin/add-days). Editing one never changes a quote made from it: itineraries copy the day. */
export const meals = ['breakfast', 'lunch', 'dinner'] as const
export type Meal = (typeof meals)[number]
export const mealLabels: Record<Meal, string> = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' }

/** Where ferries run between (DESIGN.md §5 ferry routes). */
export const ferryPorts = ['port-blair', 'havelock', 'neil'] as const satisfies readonly IslandSlug[]

export type FerryLeg = { from: (typeof ferryPorts)[number]; to: (typeof ferryPorts)[number] }

export type DayTemplate = {
	id: string
	island: IslandSlug
	title: string
	description: string
	activities: string[]
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
		description: z.string().trim().min(10, 'Describe the day in a sentence or two (at least 10 characters).').max(3000, 'Keep the description under 3,000 characters.'),
		activities: lines(20, 'List at most 20 activities, one per line, each under 200 characters.'),
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
		meals: z.array(z.enum(meals, { message: 'Choose meals from the list.' })).optional().transform((value) => meals.filter((meal) => value?.includes(meal))),
		tags: z
			.string()
			.optional()
			.transform((value) => [...new Set((value ?? '').split(',').map((tag) => tag.trim().toLowerCase()).filter(Boolean))])
			.refine((tags) => tags.length <= 12 && tags.every((tag) => /^[a-z0-9][a-z0-9 -]{0,29}$/.test(tag)), { message: 'Use up to 12 tags of letters, numbers, spaces or hyphens, separated by commas.' }),
		active: z
			.string()
			.optional()
			.transform((value) => value === 'on' || value === 'true' || value === '1'),
	})
	.superRefine((form, ctx) => {
		if (Boolean(form.ferryFrom) !== Boolean(form.ferryTo)) ctx.addIssue({ code: 'custom', path: [form.ferryFrom ? 'ferryTo' : 'ferryFrom'], message: 'Give both ends of the ferry crossing, or neither.' })
		else if (form.ferryFrom && form.ferryFrom === form.ferryTo) ctx.addIssue({ code: 'custom', path: ['ferryTo'], message: 'The ferry must go to a different island.' })
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
	return input
}

/** ",beach,snorkelling," — delimited so a tag filter is one portable LIKE. */
export function tagsColumn(tags: readonly string[]): string {
	return `,${tags.join(',')},`
}
export function tagsFromColumn(column: string): string[] {
	return column.split(',').filter(Boolean)
}
