import { contactEventKinds, eventKindLabels, leadPriorities, leadStatuses } from '~/features/leads/domain/lead.ts'
import { statusLabels } from '~/features/leads/domain/status.ts'
import { isIsoDate } from '~/lib/dates.ts'
import { invariantResponse, notFoundOn } from '~/lib/errors.ts'
import { isId } from '~/lib/ids.ts'
import { z } from '~/lib/zod.ts'
import { agentOptions, setLeadAgent } from '~/features/agents/server/agents.server.ts'
import { bookingsOfLead } from '~/features/bookings/server/trip-links.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import type { User } from '~/features/identity/server/users.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { assignableStaff, changeLeadStatus, getLeadPage, logContact, mergeLeads, updateLeadWork } from '~/features/leads/server/desk.server.ts'
import { listItineraries } from '~/features/sales/server/itineraries.server.ts'
import { quotesForLead } from '~/features/sales/server/quotes.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'

/**
 * The lead page's server side (/admin/leads/:id): what the page reads, and each form's intent
 * as a named function with its own schema.
 */

const missing = 'There is no lead with that id. It may have been merged; search the list by name or phone.'

/** A lead id from the URL, or a 404 that says how to find the lead. */
export function leadIdOf(id: string | undefined): string {
	invariantResponse(id && isId(id), missing)
	return id
}

export async function loadLeadPage(id: string) {
	try {
		const [page, staff, itineraries, quotes, bookings] = await Promise.all([
			getLeadPage(db(), id),
			assignableStaff(db()),
			listItineraries(db(), { q: '', leadId: id }),
			quotesForLead(db(), id),
			bookingsOfLead(db(), id),
		])
		return {
			...page,
			staff,
			agents: await agentOptions(db(), page.lead.agentId),
			itineraries,
			bookings,
			quotes: quotes.map((quote) => ({
				id: quote.id,
				shareUrl: new URL(`/quote/${quote.id}`, env().SITE_URL).href,
				itineraryId: quote.itineraryId,
				version: quote.version,
				status: quote.status,
				total: quote.total,
			})),
		}
	} catch (error) {
		notFoundOn(error, missing)
		throw error
	}
}

const optionalText = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.optional()
		.transform((value) => value || null)

const logSchema = z.object({
	intent: z.literal('log'),
	kind: z.enum(contactEventKinds, {
		message: 'Choose what kind of entry this is: note, call, WhatsApp or email.',
	}),
	body: z.string().trim().min(2, 'Write what was said or done.').max(4000, 'Keep the entry under 4,000 characters.'),
})
const statusSchema = z.object({
	intent: z.literal('status'),
	status: z.enum(leadStatuses, { message: 'Choose the new status.' }),
	lostReason: optionalText(40, 'Choose why the lead was lost.'),
	note: optionalText(1000, 'Keep the note under 1,000 characters.'),
})
const workSchema = z.object({
	intent: z.literal('work'),
	assigneeId: z
		.string()
		.optional()
		.transform((value) => value || null)
		.refine((value) => value === null || isId(value), {
			message: 'Choose someone from the team list.',
		}),
	priority: z.enum(leadPriorities, { message: 'Choose a priority.' }),
	nextFollowUp: z
		.string()
		.trim()
		.optional()
		.transform((value) => value || null)
		.refine((value) => value === null || isIsoDate(value), {
			message: 'Enter a real date for the follow-up, or leave it empty.',
		}),
})
const mergeSchema = z.object({
	intent: z.literal('merge'),
	duplicateId: z.string({ message: 'Choose a lead from the duplicates list.' }).refine(isId, { message: 'Choose a lead from the duplicates list.' }),
})
/** Partner attribution (docs/decisions/052-agents-and-commission.md): an empty or malformed choice means "no agent". */
const agentSchema = z.object({
	intent: z.literal('agent'),
	agentId: z
		.string()
		.optional()
		.transform((value) => (value && isId(value) ? value : null)),
})

type Context = { user: User; id: string; here: string }

async function log({ kind, body }: z.output<typeof logSchema>, { user, id, here }: Context) {
	await logContact(db(), user, id, kind, body)
	return redirectWithToast(here, {
		title: `${eventKindLabels[kind]} added to the timeline`,
	})
}

async function changeStatus(input: z.output<typeof statusSchema>, { user, id, here }: Context) {
	const status = await changeLeadStatus(db(), user, id, input.status, input.lostReason, input.note)
	return redirectWithToast(here, {
		title: `Lead is now ${statusLabels[status].toLowerCase()}`,
	})
}

async function updateWork(input: z.output<typeof workSchema>, { user, id, here }: Context) {
	const changed = await updateLeadWork(db(), user, id, input)
	return redirectWithToast(here, {
		title: changed ? 'Lead updated' : 'Nothing changed',
		type: changed ? 'success' : 'info',
	})
}

async function merge({ duplicateId }: z.output<typeof mergeSchema>, { user, id, here }: Context) {
	const result = await mergeLeads(db(), user, id, duplicateId)
	return redirectWithToast(here, {
		title: 'Leads merged',
		description: `${result.movedEvents} timeline ${result.movedEvents === 1 ? 'entry' : 'entries'} moved to this lead.`,
	})
}

async function attributeAgent({ agentId }: z.output<typeof agentSchema>, { user, id, here }: Context) {
	const changed = await setLeadAgent(db(), actorOf(user), id, agentId)
	return redirectWithToast(here, {
		title: changed ? (agentId ? 'Lead attributed to the agent' : 'Agent removed from the lead') : 'Nothing changed',
		type: changed ? 'success' : 'info',
	})
}

const intents = {
	log: intent(logSchema, log),
	status: intent(statusSchema, changeStatus),
	work: intent(workSchema, updateWork),
	merge: intent(mergeSchema, merge),
	agent: intent(agentSchema, attributeAgent),
}

/** Runs the form's intent: a refused form goes back to it with its messages; an unknown lead is a 404. */
export async function leadAction(formData: FormData, user: User, leadId: string | undefined) {
	return runIntent(formData, intents, {
		unknown: 'Choose what to do with the lead.',
		context: () => {
			const id = leadIdOf(leadId)
			return { user, id, here: `/admin/leads/${id}` }
		},
		onError: (error) => {
			notFoundOn(error, missing)
		},
	})
}
