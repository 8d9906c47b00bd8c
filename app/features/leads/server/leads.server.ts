import type { Kysely } from 'kysely'
import { leadSearchText, type NewLead, sourceLabels } from '~/features/leads/domain/lead.ts'
import { formatReference, newId } from '~/lib/ids.ts'
import { nextSequence, recordAudit, type Actor } from '~/server/db/audit.server.ts'
import { type Executor, isUniqueViolation } from '~/server/db/client.server.ts'
import type { Database } from '~/server/db/schema.ts'

export const visitorActor: Actor = { id: null, label: 'visitor (website form)' }

/**
 * Saves what a visitor sent as a lead, with a short reference. The form's
 * one-time `submissionKey` makes a double submit (or a retry after a lost
 * response) return the first lead instead of creating a second.
 */
export async function createLead(db: Kysely<Database>, lead: NewLead, options: { submissionKey?: string | null; actor?: Actor } = {}) {
	const submissionKey = options.submissionKey ?? null
	if (submissionKey) {
		const existing = await db.selectFrom('leads').select(['id', 'reference']).where('submission_key', '=', submissionKey).executeTakeFirst()
		if (existing) return { ...existing, created: false }
	}
	const now = new Date().toISOString()
	const id = newId()
	try {
		return await db.transaction().execute(async (trx) => {
			const year = Number(now.slice(0, 4))
			const reference = formatReference('LD', year, await nextSequence(trx, 'lead', year))
			await trx
				.insertInto('leads')
				.values({
					id,
					reference,
					submission_key: submissionKey,
					source: lead.source,
					name: lead.name,
					phone: lead.phone,
					email: lead.email,
					travel_start: lead.travelStart ?? null,
					travel_end: lead.travelEnd ?? null,
					travel_month: lead.travelMonth ?? null,
					nights: lead.nights ?? null,
					adults: lead.adults ?? null,
					child_ages_json: JSON.stringify(lead.childAges ?? []),
					infants: lead.infants ?? null,
					budget: lead.budget ?? null,
					tier: lead.tier ?? null,
					islands_json: JSON.stringify(lead.islands ?? []),
					interests_json: JSON.stringify(lead.interests ?? []),
					message: lead.message ?? null,
					package_id: lead.packageId ?? null,
					builder_json: lead.builder === undefined ? null : JSON.stringify(lead.builder),
					agent_id: lead.agentId ?? null,
					search_text: leadSearchText({ name: lead.name, phone: lead.phone, email: lead.email, reference }),
					created_at: now,
					updated_at: now,
				})
				.execute()
			const actor = options.actor ?? visitorActor
			await trx
				.insertInto('lead_events')
				.values({
					id: newId(),
					lead_id: id,
					kind: 'created',
					body: `Enquiry received (${sourceLabels[lead.source]})`,
					meta_json: null,
					actor_id: actor.id,
					actor_label: actor.label,
					at: now,
				})
				.execute()
			await recordAudit(trx, { actor, action: 'create', entity: 'lead', entityId: id, after: { reference, ...lead } })
			return { id, reference, created: true }
		})
	} catch (error) {
		// Two submits of the same form raced: the other one won, return it.
		if (submissionKey && isUniqueViolation(error)) {
			const existing = await db.selectFrom('leads').select(['id', 'reference']).where('submission_key', '=', submissionKey).executeTakeFirst()
			if (existing) return { ...existing, created: false }
		}
		throw error
	}
}

export async function getLeadByReference(db: Kysely<Database>, reference: string) {
	return db.selectFrom('leads').selectAll().where('reference', '=', reference).executeTakeFirst()
}

/** What a page linking to a lead shows of it (the itinerary editor's "for" line): undefined when there is none. */
export async function leadCard(db: Executor, id: string | null) {
	if (!id) return undefined
	return db.selectFrom('leads').select(['id', 'name', 'reference', 'phone', 'status']).where('id', '=', id).executeTakeFirst()
}
