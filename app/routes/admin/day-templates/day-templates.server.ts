import { dayTemplateFormSchema, templateMismatches } from '~/features/sales/domain/day-template.ts'
import { isId } from '~/lib/ids.ts'
import { islandSlugs } from '~/lib/islands.ts'
import { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { backTo, intent, type Posted, runIntent } from '~/server/form-intents.server.ts'
import { newSubmissionKey, submissionKeyOf } from '~/server/forms.server.ts'
import { activityOptions } from '~/features/rates/server/builder.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import {
	createDayTemplate,
	dayTemplateTags,
	duplicateDayTemplate,
	getDayTemplate,
	listDayTemplates,
	moveDayTemplate,
	setDayTemplateArchived,
	updateDayTemplate,
} from '~/features/sales/server/day-templates.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'

/**
 * The day templates page's server side (/admin/add-days): what the list reads, and each
 * button's intent as a named function with its own schema.
 */

export async function loadDayTemplates(url: URL) {
	const params = url.searchParams
	const island = params.get('island')
	const filters = {
		island: island && (islandSlugs as string[]).includes(island) ? island : null,
		tag: (params.get('tag') ?? '').trim().toLowerCase().slice(0, 30) || null,
		q: (params.get('q') ?? '').trim().slice(0, 100),
		archived: params.get('archived') === '1',
	}
	const editId = params.get('edit')
	const [templates, tags, editing, pricing] = await Promise.all([
		listDayTemplates(db(), filters),
		dayTemplateTags(db()),
		editId && isId(editId) ? getDayTemplate(db(), editId).catch(() => null) : Promise.resolve(null),
		getPricing(db()),
	])
	const mode = editing ? 'edit' : params.get('new') === '1' ? 'new' : null
	return {
		templates: templates.map((template) => ({ ...template, mismatches: templateMismatches(template).length })),
		tags,
		filters,
		editing,
		mode,
		returnTo: listUrl(filters),
		activities: activityOptions(pricing.book),
		submissionKey: newSubmissionKey(),
	}
}

function listUrl(filters: { island: string | null; tag: string | null; q: string; archived: boolean }) {
	const params = new URLSearchParams()
	if (filters.island) params.set('island', filters.island)
	if (filters.tag) params.set('tag', filters.tag)
	if (filters.q) params.set('q', filters.q)
	if (filters.archived) params.set('archived', '1')
	const query = params.toString()
	return `/admin/add-days${query ? `?${query}` : ''}`
}

const idField = z.string({ message: 'Choose a day from the list.' }).refine(isId, { message: 'Choose a day from the list.' })
const createSchema = dayTemplateFormSchema.safeExtend({ intent: z.literal('create') })
const updateSchema = dayTemplateFormSchema.safeExtend({ intent: z.literal('update'), id: idField })
const duplicateSchema = z.object({ intent: z.literal('duplicate'), id: idField })
const archiveSchema = z.object({ intent: z.enum(['archive', 'restore']), id: idField })
const moveSchema = z.object({ intent: z.literal('move'), id: idField, direction: z.enum(['up', 'down'], { message: 'Move a day up or down.' }) })

type Context = { actor: Actor; back: string }

/** Saved, but when the text promises what the items do not include: back to the editor, which lists what to fix. */
function afterSave(saved: Awaited<ReturnType<typeof createDayTemplate>>, title: string, back: string) {
	if (templateMismatches(saved).length)
		return redirectWithToast(`${back}${back.includes('?') ? '&' : '?'}edit=${saved.id}`, {
			type: 'warning',
			title,
			description: 'The text names activities or meals the day does not include: see the list above the form.',
		})
	return redirectWithToast(back, { title })
}

async function create({ intent: _intent, ...input }: z.output<typeof createSchema>, { actor, back }: Context, { formData }: Posted) {
	const saved = await createDayTemplate(db(), actor, input, { submissionKey: submissionKeyOf(formData) })
	return afterSave(saved, `Added “${saved.title}”`, back)
}

async function update({ intent: _intent, id, ...input }: z.output<typeof updateSchema>, { actor, back }: Context) {
	const saved = await updateDayTemplate(db(), actor, id, input)
	return afterSave(saved, `Saved “${saved.title}”`, back)
}

async function duplicate({ id }: z.output<typeof duplicateSchema>, { actor }: Context, { formData }: Posted) {
	const copy = await duplicateDayTemplate(db(), actor, id, { submissionKey: submissionKeyOf(formData) })
	return redirectWithToast(`/admin/add-days?edit=${copy.id}`, { title: 'Copy made', description: 'It stays inactive until you check it and tick Active.' })
}

async function archive({ intent, id }: z.output<typeof archiveSchema>, { actor, back }: Context) {
	const day = await setDayTemplateArchived(db(), actor, id, intent === 'archive')
	return redirectWithToast(back, { title: intent === 'archive' ? `Archived “${day.title}”` : `Restored “${day.title}”` })
}

async function move({ id, direction }: z.output<typeof moveSchema>, { actor, back }: Context) {
	const moved = await moveDayTemplate(db(), actor, id, direction)
	return redirectWithToast(back, {
		title: moved ? `Moved ${direction}` : `Already at the ${direction === 'up' ? 'top' : 'bottom'}`,
		type: moved ? 'success' : 'info',
	})
}

const intents = {
	create: intent(createSchema, create),
	update: intent(updateSchema, update),
	duplicate: intent(duplicateSchema, duplicate),
	archive: intent(archiveSchema, archive),
	restore: intent(archiveSchema, archive),
	move: intent(moveSchema, move),
}

/** Runs the posted intent; a refused form goes back to the form (or row) that sent it with its messages. */
export async function dayTemplatesAction(formData: FormData, actor: Actor) {
	return runIntent(formData, intents, {
		unknown: 'Choose what to do with the day.',
		context: () => ({ actor, back: backTo(formData.get('returnTo'), '/admin/add-days') }),
	})
}
