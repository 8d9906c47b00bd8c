import type { Transaction } from 'kysely'
import { appendDays, dayFromTemplate, defaultStay, newPlan } from '~/features/sales/domain/itinerary.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { newId } from '~/lib/ids.ts'
import type { Database } from '../db/schema.ts'
import { toDayTemplate } from '~/features/sales/server/day-templates.server.ts'
import { savedPackageColumns } from '~/features/sales/server/saved-packages.server.ts'
import { demoSavedPackages } from './demo-saved-packages.ts'

/** Demo saved packages built from the demo day templates; matched by title when the seed runs again. Returns how many were added. */
export async function seedDemoSavedPackages(trx: Transaction<Database>, now: string): Promise<number> {
	let added = 0
	for (const demo of demoSavedPackages) {
		if (await trx.selectFrom('saved_packages').select('id').where('title', '=', demo.title).executeTakeFirst()) continue
		const rows = await trx
			.selectFrom('day_templates')
			.selectAll()
			.where(
				'title',
				'in',
				demo.days.map((day) => day.template),
			)
			.execute()
		const days = demo.days.map((day) => {
			const row = rows.find((candidate) => candidate.title === day.template)
			if (!row) return null
			const copy = dayFromTemplate(toDayTemplate(row))
			copy.stay = defaultStay(day.sleepsOn ?? copy.island, demo.tier)
			return copy
		})
		if (days.some((day) => day === null)) continue
		const plan = appendDays(
			{ ...newPlan(todayInIndia()), title: demo.title },
			days.filter((day) => day !== null),
		)
		await trx
			.insertInto('saved_packages')
			.values({
				id: newId(),
				...savedPackageColumns(plan, demo.title),
				source_itinerary_id: null,
				catalog_package_id: null,
				archived_at: null,
				created_by: null,
				created_at: now,
				updated_at: now,
			})
			.execute()
		added++
	}
	return added
}
