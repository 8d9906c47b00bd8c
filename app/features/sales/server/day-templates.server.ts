import { type Kysely, sql } from 'kysely'
import { likePattern } from '~/lib/search.ts'
import { type DayTemplate, type DayTemplateInput, type FerryLeg, type Meal, tagsColumn, tagsFromColumn } from '~/features/sales/domain/day-template.ts'
import { nowIso } from '~/lib/dates.ts'
import { newId } from '~/lib/ids.ts'
import type { IslandSlug } from '~/lib/islands.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { camelColumns, jsonColumn } from '~/server/db/rows.ts'
import type { Database, DayTemplateRow } from '~/server/db/schema.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import { createOnce } from '~/server/db/create-once.server.ts'

export function toDayTemplate(row: DayTemplateRow): DayTemplate {
	return {
		...camelColumns(row, ['id', 'title', 'description', 'position', 'updated_at']),
		island: row.island as IslandSlug,
		activities: jsonColumn<string[]>(row.activities_json, []),
		priced: jsonColumn<string[]>(row.priced_json, []),
		transfers: jsonColumn<string[]>(row.transfers_json, []),
		ferry: jsonColumn<FerryLeg | null>(row.ferry_json, null),
		meals: jsonColumn<Meal[]>(row.meals_json, []),
		tags: tagsFromColumn(row.tags),
		active: row.active === 1,
		archived: row.archived_at !== null,
	}
}

export function dayTemplateColumns(input: DayTemplateInput) {
	return {
		island: input.island,
		title: input.title,
		description: input.description,
		activities_json: JSON.stringify(input.activities),
		priced_json: JSON.stringify(input.priced),
		transfers_json: JSON.stringify(input.transfers),
		ferry_json: input.ferryFrom && input.ferryTo ? JSON.stringify({ from: input.ferryFrom, to: input.ferryTo }) : null,
		meals_json: JSON.stringify(input.meals),
		tags: tagsColumn(input.tags),
		active: input.active ? 1 : 0,
	}
}

function snapshot(template: DayTemplate) {
	const { updatedAt: _updatedAt, ...rest } = template
	return rest
}

export type DayTemplateFilters = { island: string | null; tag: string | null; q: string; archived: boolean }

/** Day templates by island (in each island's order), searchable by island, tag and words in the title or description. */
export async function listDayTemplates(db: Executor, filters: DayTemplateFilters) {
	let query = db.selectFrom('day_templates').selectAll()
	query = filters.archived ? query.where('archived_at', 'is not', null) : query.where('archived_at', 'is', null)
	if (filters.island) query = query.where('island', '=', filters.island)
	if (filters.tag) query = query.where('tags', 'like', sql<string>`${likePattern(`,${filters.tag.toLowerCase()},`)} escape '\\'`)
	if (filters.q) query = query.where(sql`lower(title || ' ' || description)`, 'like', sql`${likePattern(filters.q.toLowerCase())} escape '\\'`)
	const rows = await query.orderBy('island').orderBy('position').orderBy('title').execute()
	return rows.map(toDayTemplate)
}

/** Every tag in use, for the filter. */
export async function dayTemplateTags(db: Executor): Promise<string[]> {
	const rows = await db.selectFrom('day_templates').select('tags').where('archived_at', 'is', null).execute()
	return [...new Set(rows.flatMap((row) => tagsFromColumn(row.tags)))].sort()
}

function rowFor(db: Executor, id: string, forUpdate = false) {
	return rowById(db, 'day_templates', id, 'There is no day template with that id.', { forUpdate })
}

export async function getDayTemplate(db: Executor, id: string) {
	return toDayTemplate(await rowFor(db, id))
}

export async function nextDayPosition(trx: Executor, island: string): Promise<number> {
	const row = await trx
		.selectFrom('day_templates')
		.select((eb) => eb.fn.max('position').as('max'))
		.where('island', '=', island)
		.executeTakeFirst()
	return Number(row?.max ?? 0) + 1
}

/** Adds a day at the end of its island's list; the same form posted twice adds it once (createOnce). */
export async function createDayTemplate(db: Kysely<Database>, actor: Actor, input: DayTemplateInput, options: { submissionKey?: string | null } = {}) {
	const { id } = await createOnce(db, options.submissionKey, 'day_template', async (trx) => {
		const id = newId()
		const now = nowIso()
		await trx
			.insertInto('day_templates')
			.values({ id, ...dayTemplateColumns(input), position: await nextDayPosition(trx, input.island), archived_at: null, created_at: now, updated_at: now })
			.execute()
		const created = toDayTemplate(await rowFor(trx, id))
		await recordAudit(trx, { actor, action: 'day-template.create', entity: 'day_template', entityId: id, after: snapshot(created) })
		return id
	})
	return getDayTemplate(db, id)
}

export async function updateDayTemplate(db: Kysely<Database>, actor: Actor, id: string, input: DayTemplateInput) {
	return db.transaction().execute(async (trx) => {
		const before = toDayTemplate(await rowFor(trx, id, true))
		const moved = before.island !== input.island
		await trx
			.updateTable('day_templates')
			.set({ ...dayTemplateColumns(input), ...(moved ? { position: await nextDayPosition(trx, input.island) } : {}), updated_at: nowIso() })
			.where('id', '=', id)
			.execute()
		const after = toDayTemplate(await rowFor(trx, id))
		await recordAudit(trx, { actor, action: 'day-template.update', entity: 'day_template', entityId: id, before: snapshot(before), after: snapshot(after) })
		return after
	})
}

/** A copy placed at the end of its island, titled "… (copy)", inactive until someone checks it. */
/** Copies a day template (inactive until checked); the same Duplicate button posted twice makes one copy (createOnce, keyed per day). */
export async function duplicateDayTemplate(db: Kysely<Database>, actor: Actor, id: string, options: { submissionKey?: string | null } = {}) {
	const { id: madeId } = await createOnce(db, options.submissionKey ? `${options.submissionKey}:${id}` : null, 'day_template', async (trx) => {
		const source = await rowFor(trx, id)
		const copyId = newId()
		const now = nowIso()
		const title = `${source.title} (copy)`.slice(0, 120)
		await trx
			.insertInto('day_templates')
			.values({
				...source,
				id: copyId,
				title,
				active: 0,
				archived_at: null,
				position: await nextDayPosition(trx, source.island),
				created_at: now,
				updated_at: now,
			})
			.execute()
		const copy = toDayTemplate(await rowFor(trx, copyId))
		await recordAudit(trx, { actor, action: 'day-template.duplicate', entity: 'day_template', entityId: copyId, after: { ...snapshot(copy), copiedFrom: id } })
		return copyId
	})
	return getDayTemplate(db, madeId)
}

/** Archive (hidden from the list and from itineraries) or restore. Nothing is deleted. */
export async function setDayTemplateArchived(db: Kysely<Database>, actor: Actor, id: string, archived: boolean) {
	return db.transaction().execute(async (trx) => {
		const before = await rowFor(trx, id, true)
		const now = nowIso()
		await trx
			.updateTable('day_templates')
			.set({ archived_at: archived ? now : null, ...(archived ? {} : { position: await nextDayPosition(trx, before.island) }), updated_at: now })
			.where('id', '=', id)
			.execute()
		await recordAudit(trx, {
			actor,
			action: archived ? 'day-template.archive' : 'day-template.restore',
			entity: 'day_template',
			entityId: id,
			before: { archived: before.archived_at !== null },
			after: { archived },
		})
		return toDayTemplate(await rowFor(trx, id))
	})
}

/** Swaps a day with its neighbour above or below within its island. At either end nothing moves. */
export async function moveDayTemplate(db: Kysely<Database>, actor: Actor, id: string, direction: 'up' | 'down') {
	return db.transaction().execute(async (trx) => {
		const row = await rowFor(trx, id, true)
		let query = trx
			.selectFrom('day_templates')
			.select(['id', 'position'])
			.where('island', '=', row.island)
			.where('archived_at', 'is', null)
			.where('id', '!=', id)
		query =
			direction === 'up'
				? query.where('position', '<=', row.position).orderBy('position', 'desc')
				: query.where('position', '>=', row.position).orderBy('position', 'asc')
		const neighbour = await query.orderBy('id').executeTakeFirst()
		if (!neighbour) return false
		// Equal positions (two edits racing) are separated by the swap.
		const [mine, theirs] =
			neighbour.position === row.position
				? direction === 'up'
					? [row.position - 1, row.position]
					: [row.position + 1, row.position]
				: [neighbour.position, row.position]
		const now = nowIso()
		await trx.updateTable('day_templates').set({ position: mine, updated_at: now }).where('id', '=', id).execute()
		await trx.updateTable('day_templates').set({ position: theirs, updated_at: now }).where('id', '=', neighbour.id).execute()
		await recordAudit(trx, {
			actor,
			action: 'day-template.move',
			entity: 'day_template',
			entityId: id,
			before: { position: row.position },
			after: { position: mine, direction, swappedWith: neighbour.id },
		})
		return true
	})
}
