import { data } from 'react-router'
import { z } from 'zod'
import { appendDays, blankDay, dayAnchor, dayFromTemplate, type FormValues, formValues, type ItineraryPlan, moveDay, parseItineraryForm, removeDay } from '~/features/sales/domain/itinerary.ts'
import { AppError, isAppError } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import type { DB } from '~/server/db/client.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { bookingsOfQuotes } from '~/features/bookings/server/trip-links.server.ts'
import { activityOptions, ferryClassOptions } from '~/features/rates/server/builder.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { listDayTemplates } from '~/features/sales/server/day-templates.server.ts'
import { getItinerary, hotelChoices, saveItinerary, setItineraryArchived } from '~/features/sales/server/itineraries.server.ts'
import { archivedQuoteMessage, quotesForItinerary, sendQuote } from '~/features/sales/server/quotes.server.ts'
import { saveItineraryAsPackage } from '~/features/sales/server/saved-packages.server.ts'
import { env } from '~/server/env.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { redirectWithToast, toastHeader } from '~/server/toast.server.ts'

/**
 * The itinerary editor's server side (docs/decisions/036-itineraries.md): what the page
 * reads, and each button's intent as a named function with its own schema.
 */

export async function loadItineraryEditor(db: DB, id: string) {
	const itinerary = await getItinerary(db, id).catch((error: unknown) => {
		if (isAppError(error) && error.code === 'not-found') throw new Response(error.message, { status: 404, statusText: 'Page Not Found' })
		throw error
	})
	const [lead, templates, hotels, pricing, quotes, settings] = await Promise.all([
		itinerary.leadId ? db.selectFrom('leads').select(['id', 'name', 'reference', 'phone', 'status']).where('id', '=', itinerary.leadId).executeTakeFirst() : Promise.resolve(undefined),
		listDayTemplates(db, { island: null, tag: null, q: '', archived: false }),
		hotelChoices(db),
		getPricing(db),
		quotesForItinerary(db, itinerary.id),
		getSettings(db),
	])
	const booked = await bookingsOfQuotes(db, quotes.map((quote) => quote.id))
	return {
		itinerary,
		lead: lead ?? null,
		templates: templates.filter((template) => template.active).map((template) => ({ id: template.id, island: template.island, title: template.title })),
		hotels,
		activities: activityOptions(pricing.book),
		ferryClasses: ferryClassOptions(pricing.book),
		quotes: quotes.map((quote) => ({ id: quote.id, shareUrl: new URL(`/quote/${quote.id}`, env().SITE_URL).href, version: quote.version, status: quote.status, total: quote.total, validUntil: quote.validUntil, sentAt: quote.sentAt, booking: booked.get(quote.id) ?? null })),
		defaultMarkup: settings.markupPercent,
	}
}

/**
 * Where the page should put the keyboard after a change to the days: the control (a day's
 * Up, Down or Remove button, or an Add button) of the day with this key. With JavaScript the
 * page keeps its scroll and focuses it; without, the redirect goes to the day's anchor.
 */
export type EditorPlace = { dayKey: string | null; control: 'up' | 'down' | 'remove' | 'add-templates' | 'add-blank' }
export type EditorAnswer = { errors: Record<string, string>; values: FormValues | null; message: string | null; place?: EditorPlace }

const answer = (body: EditorAnswer, init?: number | ResponseInit) => data(body, init)
export const failed = (message: string, values: FormValues | null, status: number, fields: Record<string, string> = {}) => answer({ errors: { form: message, ...fields }, values, message: null }, { status })

type Context = { db: DB; actor: Actor; id: string; form: FormData; values: FormValues; /** Posted by a fetcher (JavaScript): answer with data, not a redirect. */ fetcher: boolean }

/** The plan as posted, or the answer that says what to fix (nothing saved). */
function postedPlan(values: FormValues): { plan: ItineraryPlan } | { refused: ReturnType<typeof failed> } {
	const { plan, errors } = parseItineraryForm(values)
	if (Object.keys(errors).length) return { refused: failed('Some details need attention. Each one says what to change; nothing was saved.', values, 400, errors) }
	return { plan }
}

function savedMessage(saved: Awaited<ReturnType<typeof saveItinerary>>): string {
	return `Saved. ${saved.price?.ok ? `Total ${formatINR(saved.price.total)}.` : 'It cannot be priced yet: see the problems in the price panel.'}`
}

/** After a change to the days: with JavaScript, data naming where focus goes; without, back to the day's anchor. */
async function savedDays(context: Context, plan: ItineraryPlan, place: EditorPlace, what: string) {
	const saved = await saveItinerary(context.db, context.actor, context.id, plan)
	if (context.fetcher) return answer({ errors: {}, values: null, message: `${what} ${savedMessage(saved)}`, place })
	const position = place.dayKey ? plan.days.findIndex((day) => day.key === place.dayKey) + 1 : 0
	return redirectWithToast(`/admin/create-itinerary/${context.id}#${position > 0 ? dayAnchor(position) : 'days-heading'}`, { type: 'success', title: what, description: savedMessage(saved) })
}

const archiveSchema = z.object({ intent: z.enum(['archive', 'restore']) })
/** Archive or restore. The form's unsaved changes are not saved: an archived itinerary is read-only until restored. */
async function archiveOrRestore({ db, actor, id, values }: Context) {
	const { intent } = archiveSchema.parse(values)
	const itinerary = await setItineraryArchived(db, actor, id, intent === 'archive')
	return redirectWithToast(
		`/admin/create-itinerary/${itinerary.id}`,
		intent === 'archive'
			? { type: 'success', title: 'Itinerary archived', description: `${itinerary.reference} is hidden from the lists and read-only. Restore it to edit or quote again.` }
			: { type: 'success', title: 'Itinerary restored', description: `${itinerary.reference} can be edited and quoted again.` },
	)
}

const addTemplatesSchema = z.object({ template: z.array(z.string().refine(isId)).min(1, 'Tick at least one day template to add.') })
async function addTemplates(context: Context) {
	const wanted = addTemplatesSchema.safeParse({ template: context.form.getAll('template').filter((value) => typeof value === 'string') })
	if (!wanted.success) return failed('Tick at least one day template to add.', context.values, 400, { template: 'Tick at least one day template to add.' })
	const posted = postedPlan(context.values)
	if ('refused' in posted) return posted.refused
	const templates = await listDayTemplates(context.db, { island: null, tag: null, q: '', archived: false })
	const byId = new Map(templates.map((template) => [template.id, template]))
	const added = wanted.data.template.map((id) => byId.get(id)).filter((template) => template !== undefined)
	if (added.length !== wanted.data.template.length) return failed('A day template you ticked was archived meanwhile. Tick others.', context.values, 400)
	const days = added.map((template) => dayFromTemplate(template))
	return savedDays(context, appendDays(posted.plan, days), { dayKey: days[0]!.key, control: 'add-templates' }, added.length === 1 ? 'Day added.' : `${added.length} days added.`)
}

async function addBlank(context: Context) {
	const posted = postedPlan(context.values)
	if ('refused' in posted) return posted.refused
	const day = blankDay(posted.plan.days.at(-1)?.island ?? 'port-blair')
	return savedDays(context, appendDays(posted.plan, [day]), { dayKey: day.key, control: 'add-blank' }, 'Blank day added.')
}

const dayIntentSchema = z
	.string()
	.regex(/^(remove|up|down):(\d{1,2})$/)
	.transform((intent) => {
		const [change, index] = intent.split(':') as ['remove' | 'up' | 'down', string]
		return { change, index: Number(index) }
	})
/** Up, Down or Remove on one day. */
async function changeDay(context: Context) {
	const { change, index } = dayIntentSchema.parse(context.values.intent)
	const posted = postedPlan(context.values)
	if ('refused' in posted) return posted.refused
	const { plan } = posted
	const day = plan.days[index]
	if (!day) return failed('That day is no longer in the plan: the page was out of date. Check the days and try again.', context.values, 409)
	if (change === 'remove') {
		// Focus goes to the day that takes its place (or the one before it, when it was the last).
		const next = plan.days[index + 1] ?? plan.days[index - 1] ?? null
		return savedDays(context, removeDay(plan, index), { dayKey: next?.key ?? null, control: 'remove' }, `Day ${index + 1} removed.`)
	}
	const moved = moveDay(plan, index, change)
	const position = moved.days.findIndex((candidate) => candidate.key === day.key) + 1
	return savedDays(context, moved, { dayKey: day.key, control: change }, `“${day.title}” is now day ${position}.`)
}

async function save(context: Context) {
	const posted = postedPlan(context.values)
	if ('refused' in posted) return posted.refused
	return answer({ errors: {}, values: null, message: savedMessage(await saveItinerary(context.db, context.actor, context.id, posted.plan)) })
}

async function send(context: Context) {
	const posted = postedPlan(context.values)
	if ('refused' in posted) return posted.refused
	if ((await getItinerary(context.db, context.id)).archived) throw new AppError('failed-precondition', archivedQuoteMessage)
	await saveItinerary(context.db, context.actor, context.id, posted.plan)
	const quote = await sendQuote(context.db, context.actor, context.id)
	return answer(
		{ errors: {}, values: null, message: `Quote version ${quote.version} sent. Send the traveller its link from the quotes list: ${new URL(`/quote/${quote.id}`, env().SITE_URL).href}` },
		{ headers: { 'Set-Cookie': await toastHeader({ type: 'success', title: `Quote v${quote.version} sent`, description: 'The lead is now quoted. Copy the link from the quotes list.' }) } },
	)
}

async function savePackage(context: Context) {
	const posted = postedPlan(context.values)
	if ('refused' in posted) return posted.refused
	await saveItinerary(context.db, context.actor, context.id, posted.plan)
	const pkg = await saveItineraryAsPackage(context.db, context.actor, context.id)
	return redirectWithToast(`/admin/saved-packages?q=${encodeURIComponent(pkg.title)}`, { type: 'success', title: 'Saved as a package', description: `“${pkg.title}” can now start new itineraries.` })
}

const intents = { save, 'add-templates': addTemplates, 'add-blank': addBlank, send, 'save-package': savePackage, archive: archiveOrRestore, restore: archiveOrRestore } as const
const intentSchema = z.union([z.enum(Object.keys(intents) as [keyof typeof intents, ...Array<keyof typeof intents>]), dayIntentSchema.transform(() => 'day' as const)])

/** Runs the button's intent on the posted form; expected failures answer with their status and the form as typed. */
export async function runEditorIntent(db: DB, actor: Actor, id: string, form: FormData) {
	const values = formValues(form)
	const intent = intentSchema.safeParse(values.intent ?? 'save')
	if (!intent.success) return failed('Choose what to do with the itinerary.', values, 400)
	const context: Context = { db, actor, id, form, values, fetcher: values.client === 'fetcher' }
	try {
		return await (intent.data === 'day' ? changeDay(context) : intents[intent.data](context))
	} catch (error) {
		if (isAppError(error) && error.status < 500) return failed(error.message, intent.data === 'archive' || intent.data === 'restore' ? null : values, error.status)
		throw error
	}
}
