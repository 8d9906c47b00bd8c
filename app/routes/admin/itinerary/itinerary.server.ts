import { data } from 'react-router'
import {
	appendDays,
	blankDay,
	dayAnchor,
	dayFromTemplate,
	type ItineraryPlan,
	missingRevisionMessage,
	moveDay,
	parseItineraryForm,
	removeDay,
} from '~/features/sales/domain/itinerary.ts'
import { AppError, foundOr404, isAppError } from '~/lib/errors.ts'
import { formList } from '~/lib/form-list.ts'
import type { ActionResult } from '~/lib/forms.ts'
import { refuse } from '~/server/forms.server.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import type { DB } from '~/server/db/client.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, type Posted, runIntent } from '~/server/form-intents.server.ts'
import { bookingsOfQuotes } from '~/features/bookings/server/trip-links.server.ts'
import { activityOptions, ferryClassOptions } from '~/features/rates/server/builder.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { listDayTemplates } from '~/features/sales/server/day-templates.server.ts'
import { getItinerary, hotelChoices, planAvailability, saveItinerary, setItineraryArchived } from '~/features/sales/server/itineraries.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { archivedQuoteMessage, previewQuote, type QuotePreview, quotesForItinerary, sendQuote } from '~/features/sales/server/quotes.server.ts'
import { saveItineraryAsPackage } from '~/features/sales/server/saved-packages.server.ts'
import { env } from '~/server/env.server.ts'
import { z } from '~/lib/zod.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { redirectWithToast, toastHeader } from '~/server/toast.server.ts'
import { leadCard } from '~/features/leads/server/leads.server.ts'

/**
 * The itinerary editor's server side (docs/decisions/036-itineraries.md): what the page
 * reads, and each button's intent as a named function with its own schema.
 */

export async function loadItineraryEditor(db: DB, id: string) {
	const itinerary = await foundOr404(getItinerary(db, id))
	const [lead, templates, hotels, pricing, quotes, settings] = await Promise.all([
		leadCard(db, itinerary.leadId),
		listDayTemplates(db, { island: null, tag: null, q: '', archived: false }),
		hotelChoices(db),
		getPricing(db),
		quotesForItinerary(db, itinerary.id),
		getSettings(db),
	])
	const [booked, availability] = await Promise.all([
		bookingsOfQuotes(
			db,
			quotes.map((quote) => quote.id),
		),
		planAvailability(db, itinerary.price, todayInIndia()),
	])
	return {
		itinerary,
		lead: lead ?? null,
		templates: templates.filter((template) => template.active).map((template) => ({ id: template.id, island: template.island, title: template.title })),
		hotels,
		activities: activityOptions(pricing.book),
		ferryClasses: ferryClassOptions(pricing.book),
		quotes: quotes.map((quote) => ({
			id: quote.id,
			shareUrl: new URL(`/quote/${quote.id}`, env().SITE_URL).href,
			version: quote.version,
			status: quote.status,
			total: quote.total,
			validUntil: quote.validUntil,
			sentAt: quote.sentAt,
			booking: booked.get(quote.id) ?? null,
		})),
		defaultMarkup: settings.markupPercent,
		availability,
	}
}

/**
 * Where the page should put the keyboard after a change to the days: the control (a day's
 * Up, Down or Remove button, or an Add button) of the day with this key. With JavaScript the
 * page keeps its scroll and focuses it; without, the redirect goes to the day's anchor.
 */
export type EditorPlace = { dayKey: string | null; control: 'up' | 'down' | 'remove' | 'add-templates' | 'add-blank' }
/**
 * What an answer sends back with the one `ActionResult` shape (`details`): where focus goes after a change to
 * the days, and the itinerary's revision after this post saved it: the page posts it with its next change
 * (docs/decisions/164-itinerary-edits-check-the-revision.md).
 */
export type EditorDetails = {
	place?: EditorPlace
	revision?: number
	/** What the traveller will receive: the answer to Send quote, before anything is sent. */ preview?: QuotePreview
}

type Context = { db: DB; actor: Actor; id: string; /** Posted by a fetcher (JavaScript): answer with data, not a redirect. */ fetcher: boolean }

const attention = 'Some details need attention. Each one says what to change; nothing was saved.'
const posted = z.record(z.string(), z.union([z.string(), z.array(z.string())]))
/** The revision the editor was rendered from (a hidden field): a save from an older one is refused. */
const revisionField = z.object({
	revision: z
		.string(missingRevisionMessage)
		.regex(/^\d{1,9}$/, missingRevisionMessage)
		.transform(Number),
})

/**
 * A button's schema: its own fields (`own`), the page's revision and the whole plan as posted (the editor's
 * flat `d0_title` fields, read by `parseItineraryForm`). When its own fields or the revision are wrong,
 * `refusal` (or their first message) is the form's message and nothing else is checked; when the plan is,
 * every field says what to change.
 */
function withPlan<Own extends z.ZodType<Record<string, unknown>>>(own: Own, refusal?: string) {
	return posted.transform((values, ctx) => {
		const fields = own.safeParse(values)
		const revision = revisionField.safeParse(values)
		if (!fields.success) {
			ctx.addIssue({ code: 'custom', path: [], message: refusal ?? fields.error.issues[0]?.message ?? attention })
			for (const issue of fields.error.issues) ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message })
			return z.NEVER
		}
		if (!revision.success) {
			ctx.addIssue({ code: 'custom', path: [], message: missingRevisionMessage })
			return z.NEVER
		}
		const { plan, errors } = parseItineraryForm(values)
		const problems = Object.entries(errors)
		if (!problems.length) return { ...(fields.data as z.output<Own>), revision: revision.data.revision, plan }
		ctx.addIssue({ code: 'custom', path: [], message: attention })
		for (const [name, message] of problems) ctx.addIssue({ code: 'custom', path: [name], message })
		return z.NEVER
	})
}

/** An answer in place (with JavaScript, or a button that stays on the page): what was done, and where focus goes. */
function answered(intentName: string, notice: string, details: EditorDetails = {}, init?: ResponseInit) {
	return data<ActionResult<EditorDetails>>({ intent: intentName, result: { status: 'success' }, notice, details }, init)
}

function savedMessage(saved: Awaited<ReturnType<typeof saveItinerary>>): string {
	return `Saved. ${saved.price?.ok ? `Total ${formatINR(saved.price.total)}.` : 'It cannot be priced yet: see the problems in the price panel.'}`
}

/**
 * A refusal of what follows a save (the quote, the package) once the plan is saved: the page takes the saved
 * revision with it, so its next change is not refused as stale (a 4xx answer does not re-read the page).
 */
async function afterSaving<Answer>(revision: number, intentName: string, { submission }: Posted, next: () => Promise<Answer>) {
	try {
		return await next()
	} catch (error) {
		if (!isAppError(error) || error.status >= 500) throw error
		return refuse<EditorDetails>(submission, {
			intent: intentName,
			status: error.status,
			formError: error.message,
			fieldErrors: error.fields,
			details: { revision },
		})
	}
}

/** After a change to the days: with JavaScript, data naming where focus goes; without, back to the day's anchor. */
async function savedDays(context: Context, intentName: string, plan: ItineraryPlan, revision: number, place: EditorPlace, what: string) {
	const saved = await saveItinerary(context.db, context.actor, context.id, plan, revision)
	if (context.fetcher) return answered(intentName, `${what} ${savedMessage(saved)}`, { place, revision: saved.revision })
	const position = place.dayKey ? plan.days.findIndex((day) => day.key === place.dayKey) + 1 : 0
	return redirectWithToast(`/admin/create-itinerary/${context.id}#${position > 0 ? dayAnchor(position) : 'days-heading'}`, {
		type: 'success',
		title: what,
		description: savedMessage(saved),
	})
}

const archiveSchema = z.object({ intent: z.enum(['archive', 'restore']) })
/** Archive or restore. The form's unsaved changes are not saved: an archived itinerary is read-only until restored. */
async function archiveOrRestore(input: z.output<typeof archiveSchema>, { db, actor, id }: Context) {
	const itinerary = await setItineraryArchived(db, actor, id, input.intent === 'archive')
	return redirectWithToast(
		`/admin/create-itinerary/${itinerary.id}`,
		input.intent === 'archive'
			? {
					type: 'success',
					title: 'Itinerary archived',
					description: `${itinerary.reference} is hidden from the lists and read-only. Restore it to edit or quote again.`,
				}
			: { type: 'success', title: 'Itinerary restored', description: `${itinerary.reference} can be edited and quoted again.` },
	)
}

const tickTemplate = 'Tick at least one day template to add.'
const addTemplatesSchema = withPlan(z.object({ template: formList(z.array(z.string().refine(isId, tickTemplate)).min(1, tickTemplate)) }), tickTemplate)
async function addTemplates({ template, plan, revision }: z.output<typeof addTemplatesSchema>, context: Context) {
	const templates = await listDayTemplates(context.db, { island: null, tag: null, q: '', archived: false })
	const byId = new Map(templates.map((row) => [row.id, row]))
	const added = template.map((id) => byId.get(id)).filter((row) => row !== undefined)
	if (added.length !== template.length) throw new AppError('invalid-argument', 'A day template you ticked was archived meanwhile. Tick others.')
	const days = added.map((row) => dayFromTemplate(row))
	return savedDays(
		context,
		'add-templates',
		appendDays(plan, days),
		revision,
		{ dayKey: days[0]!.key, control: 'add-templates' },
		added.length === 1 ? 'Day added.' : `${added.length} days added.`,
	)
}

const planSchema = withPlan(z.object({}))
async function addBlank({ plan, revision }: z.output<typeof planSchema>, context: Context) {
	const day = blankDay(plan.days.at(-1)?.island ?? 'port-blair')
	return savedDays(context, 'add-blank', appendDays(plan, [day]), revision, { dayKey: day.key, control: 'add-blank' }, 'Blank day added.')
}

const chooseDay = 'Choose what to do with the itinerary.'
const dayField = z
	.string()
	.regex(/^\d{1,2}$/, chooseDay)
	.transform(Number)
const moveSchema = withPlan(z.object({ day: dayField, direction: z.enum(['up', 'down'], chooseDay) }), chooseDay)
const removeSchema = withPlan(z.object({ day: dayField }), chooseDay)
const staleDay = 'That day is no longer in the plan: the page was out of date. Check the days and try again.'

/** Up or Down on one day. */
async function move({ day: index, direction, plan, revision }: z.output<typeof moveSchema>, context: Context) {
	const day = plan.days[index]
	if (!day) throw new AppError('aborted', staleDay)
	const moved = moveDay(plan, index, direction)
	const position = moved.days.findIndex((candidate) => candidate.key === day.key) + 1
	return savedDays(context, 'move', moved, revision, { dayKey: day.key, control: direction }, `“${day.title}” is now day ${position}.`)
}

/** Remove on one day: focus goes to the day that takes its place (or the one before it, when it was the last). */
async function remove({ day: index, plan, revision }: z.output<typeof removeSchema>, context: Context) {
	if (!plan.days[index]) throw new AppError('aborted', staleDay)
	const next = plan.days[index + 1] ?? plan.days[index - 1] ?? null
	return savedDays(context, 'remove', removeDay(plan, index), revision, { dayKey: next?.key ?? null, control: 'remove' }, `Day ${index + 1} removed.`)
}

async function save({ plan, revision }: z.output<typeof planSchema>, context: Context) {
	const saved = await saveItinerary(context.db, context.actor, context.id, plan, revision)
	return answered('save', savedMessage(saved), { revision: saved.revision })
}

/**
 * Send quote: saves the plan and shows what the traveller will receive (the email and the WhatsApp
 * message), sending nothing; the preview's own button sends it (`confirm-send`). Any change to the
 * plan answers without the preview, so what is sent is always what was last shown.
 */
async function preview({ plan, revision }: z.output<typeof planSchema>, context: Context, posted: Posted) {
	if ((await getItinerary(context.db, context.id)).archived) throw new AppError('failed-precondition', archivedQuoteMessage)
	const saved = await saveItinerary(context.db, context.actor, context.id, plan, revision)
	return afterSaving(saved.revision, 'send', posted, async () => {
		const shown = await previewQuote(context.db, context.id)
		return answered(
			'send',
			`Check what ${shown.email ? 'the traveller will receive' : 'you will send on WhatsApp'}, then send quote version ${shown.version}.`,
			{ revision: saved.revision, preview: shown },
		)
	})
}

/** Saves the plan, then sends it as the next quote version (and its email); sending moves the revision on, so the same post sent twice sends one quote. */
async function send({ plan, revision }: z.output<typeof planSchema>, context: Context, posted: Posted) {
	if ((await getItinerary(context.db, context.id)).archived) throw new AppError('failed-precondition', archivedQuoteMessage)
	const saved = await saveItinerary(context.db, context.actor, context.id, plan, revision)
	return afterSaving(saved.revision, 'confirm-send', posted, async () => {
		const quote = await sendQuote(context.db, context.actor, context.id, { revision: saved.revision })
		const emailed = quote.emailedTo ? `Emailed to ${quote.emailedTo}. ` : 'No email address on the lead: send it on WhatsApp. '
		return answered(
			'confirm-send',
			`Quote version ${quote.version} sent. ${emailed}Send the traveller its link from the quotes list: ${new URL(`/quote/${quote.id}`, env().SITE_URL).href}`,
			{ revision: saved.revision + 1 },
			{
				headers: {
					'Set-Cookie': await toastHeader({ type: 'success', title: `Quote v${quote.version} sent`, description: `${emailed}The lead is now quoted.` }),
				},
			},
		)
	})
}

/** Saves the plan, then copies it to a saved package; like sending, it moves the revision on. */
async function savePackage({ plan, revision }: z.output<typeof planSchema>, context: Context, posted: Posted) {
	const saved = await saveItinerary(context.db, context.actor, context.id, plan, revision)
	return afterSaving(saved.revision, 'save-package', posted, async () => {
		const pkg = await saveItineraryAsPackage(context.db, context.actor, context.id, { revision: saved.revision })
		return redirectWithToast(`/admin/saved-packages?q=${encodeURIComponent(pkg.title)}`, {
			type: 'success',
			title: 'Saved as a package',
			description: `“${pkg.title}” can now start new itineraries.`,
		})
	})
}

const intents = {
	save: intent(planSchema, save),
	'add-templates': intent(addTemplatesSchema, addTemplates),
	'add-blank': intent(planSchema, addBlank),
	move: intent(moveSchema, move),
	remove: intent(removeSchema, remove),
	send: intent(planSchema, preview),
	'confirm-send': intent(planSchema, send),
	'save-package': intent(planSchema, savePackage),
	archive: intent(archiveSchema, archiveOrRestore),
	restore: intent(archiveSchema, archiveOrRestore),
}

/**
 * Runs the button's intent on the posted form (docs/decisions/154-itinerary-editor-intents.md). An automatic
 * save (a fetcher posting the form without a button) is `save`. A day's Up, Down and Remove buttons
 * name the day (and the direction) in their `formaction` query, since a button posts one name and value:
 * `day` and `direction` are read from the query when the body does not hold them.
 */
export async function runEditorIntent(db: DB, actor: Actor, id: string, form: FormData, url: URL) {
	if (!form.has('intent')) form.set('intent', 'save')
	for (const name of ['day', 'direction']) {
		const value = url.searchParams.get(name)
		if (value !== null && !form.has(name)) form.set(name, value)
	}
	return runIntent(form, intents, { unknown: chooseDay, context: () => ({ db, actor, id, fetcher: form.get('client') === 'fetcher' }) })
}
