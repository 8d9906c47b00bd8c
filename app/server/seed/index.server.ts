import type { DB } from '../db/client.server.ts'
import { toRow } from '~/features/catalog/server/packages.server.ts'
import { newId } from '~/lib/ids.ts'
import { demoDataActor, seedAccount } from '~/features/identity/server/accounts.server.ts'
import { saveAgentTerms } from '~/features/agents/server/agent-credit.server.ts'
import { defaultSettings } from '~/features/settings/server/settings.server.ts'
import { dayTemplateColumns, nextDayPosition } from '~/features/sales/server/day-templates.server.ts'
import { demoActivityMinAges, demoActivityPrices } from './demo-activity-prices.ts'
import { demoDayTemplates } from './demo-day-templates.ts'
import { demoPackages } from './demo-packages.ts'
import { demoReviews } from './demo-reviews.ts'
import { addDays, todayInIndia } from '~/lib/dates.ts'
import { repeatSeasonPlan } from '~/features/rates/domain/seasons.ts'
import { buildPricing, invalidateRateBook } from '~/features/rates/server/rate-book.server.ts'
import { refreshPackagePrices } from '~/features/rates/server/package-prices.server.ts'
import { publicPagesChanged } from '../page-cache-signal.server.ts'
import { seedDemoInventory } from './seed-inventory.server.ts'
import { seedDemoRates } from './seed-rates.server.ts'
import { seedDemoSavedPackages } from './seed-saved-packages.server.ts'
import { seedDemoFerries } from './seed-ferries.server.ts'
import { seedDemoBookings } from './demo-bookings.ts'
import { seedDemoSuppliers } from './demo-suppliers.ts'
import { seedDemoDesk } from './demo-desk.ts'
import { seedDemoOperations } from './demo-operations.ts'
import { env } from '../env.server.ts'

/** One of the demo partner agencies (seed-ferries.server.ts): its admin signs in to the agent area. */
const demoAgencyForAccount = 'Coral Coast Holidays'

/**
 * Demo sign-ins, printed in the README. Local runs only: the seed itself is
 * refused in production unless SEED_DEMO_DATA asks for it (server/app.ts).
 */
export const demoAccounts = [
	{ email: 'owner@demo.andamanisles.travel', password: 'Owner#Demo2026', displayName: 'Demo Owner', role: 'owner' },
	{ email: 'staff@demo.andamanisles.travel', password: 'Staff#Demo2026', displayName: 'Demo Staff', role: 'staff' },
	// The admin of a demo partner agency: the agent area at /agent (ADR 221), with credit to book on.
	{ email: 'agent@demo.andamanisles.travel', password: 'Agent#Demo2026', displayName: 'Demo Agent', role: 'agent_admin', agency: demoAgencyForAccount },
] as const

/**
 * The demo agency an agent account belongs to, given credit to book on the first time (a commission rule and
 * ₹5,00,000 of credit); an agency whose terms staff have changed keeps them.
 */
async function demoAgencyReadyToBook(db: DB, company: string): Promise<string> {
	const agency = await db.selectFrom('agents').select(['id', 'credit_limit']).where('company', '=', company).executeTakeFirstOrThrow()
	if (Number(agency.credit_limit) === 0) await saveAgentTerms(db, demoDataActor, agency.id, { rateRule: 'commission', marginBp: 0, creditLimit: 50_000_000 })
	return agency.id
}

/** True when nothing has been loaded yet: the first `npm start` then loads the demo data. */
export async function isDatabaseEmpty(db: DB): Promise<boolean> {
	const row = await db
		.selectFrom('settings')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.executeTakeFirstOrThrow()
	return Number(row.count) === 0
}

/**
 * Loads the demo data: real Andaman places and plausible prices. Idempotent:
 * running it again leaves existing rows alone (matched by key, slug or
 * natural key). Never runs in production unless asked for explicitly
 * (server/app.ts checks).
 */
export async function seedDemoData(db: DB): Promise<Record<string, number>> {
	const now = new Date().toISOString()
	const counts = {
		settings: 0,
		packages: 0,
		reviews: 0,
		activityPrices: 0,
		hotels: 0,
		hotelRates: 0,
		ferryFares: 0,
		transferRates: 0,
		dayTemplates: 0,
		savedPackages: 0,
	}
	await db.transaction().execute(async (trx) => {
		// The demo's seasons run two years past the day it is loaded, so its trips can always be priced.
		const demoSettings = { ...defaultSettings, seasons: repeatSeasonPlan(defaultSettings.seasons, addDays(todayInIndia(), 730)) }
		for (const [key, value] of Object.entries(demoSettings)) {
			const result = await trx
				.insertInto('settings')
				.values({ key, value_json: JSON.stringify(value), updated_at: now })
				.onConflict((oc) => oc.column('key').doNothing())
				.executeTakeFirst()
			counts.settings += Number(result.numInsertedOrUpdatedRows ?? 0)
		}

		const packageIds = new Map<string, string>()
		for (const pkg of demoPackages) {
			const existing = await trx.selectFrom('packages').select('id').where('slug', '=', pkg.slug).executeTakeFirst()
			if (existing) {
				packageIds.set(pkg.slug, existing.id)
				continue
			}
			const id = newId()
			await trx
				.insertInto('packages')
				.values({ ...toRow(pkg), id, created_by: null, created_at: now, updated_at: now })
				.execute()
			packageIds.set(pkg.slug, id)
			counts.packages++
		}

		const reviewCount = await trx
			.selectFrom('reviews')
			.select((eb) => eb.fn.countAll<number>().as('count'))
			.executeTakeFirstOrThrow()
		if (Number(reviewCount.count) === 0) {
			for (const review of demoReviews) {
				await trx
					.insertInto('reviews')
					.values({
						id: newId(),
						name: review.name,
						city: review.city,
						trip: review.trip,
						package_id: review.packageSlug ? (packageIds.get(review.packageSlug) ?? null) : null,
						rating: review.rating,
						title: review.title,
						body: review.body,
						travelled_on: review.travelledOn,
						published: 1,
						created_at: now,
					})
					.execute()
				counts.reviews++
			}
		}

		for (const price of demoActivityPrices) {
			const result = await trx
				.insertInto('activity_prices')
				.values({
					activity: price.activity,
					location: price.location,
					provider: price.provider,
					season: price.season,
					unit: price.unit,
					group_size: price.groupSize,
					adult_sell: price.adultSell,
					adult_cost: price.adultCost,
					child_sell: price.childSell,
					child_cost: price.childCost,
					duration: price.duration,
					min_age: demoActivityMinAges[price.activity] ?? null,
					notes: price.notes,
					updated_at: now,
				})
				.onConflict((oc) => oc.columns(['activity', 'location', 'season']).doNothing())
				.executeTakeFirst()
			counts.activityPrices += Number(result.numInsertedOrUpdatedRows ?? 0)
		}

		for (const template of demoDayTemplates) {
			const existing = await trx
				.selectFrom('day_templates')
				.select(['id', 'created_at', 'updated_at'])
				.where('island', '=', template.island)
				.where('title', '=', template.title)
				.executeTakeFirst()
			if (existing) {
				// A demo day nobody has edited follows the demo data (its text and priced items agree); an edited one is the operator's.
				if (existing.created_at === existing.updated_at)
					await trx.updateTable('day_templates').set(dayTemplateColumns(template)).where('id', '=', existing.id).execute()
				continue
			}
			await trx
				.insertInto('day_templates')
				.values({
					id: newId(),
					...dayTemplateColumns(template),
					position: await nextDayPosition(trx, template.island),
					archived_at: null,
					created_at: now,
					updated_at: now,
				})
				.execute()
			counts.dayTemplates++
		}
		counts.savedPackages = await seedDemoSavedPackages(trx, now)
		Object.assign(counts, await seedDemoRates(trx, now))
		// Allotments, the last room, a stop-sold peak week and a minimum stay (docs/inventory.md).
		Object.assign(counts, { inventoryHotels: await seedDemoInventory(trx, todayInIndia(), now) })
		// Package "from" prices come from the rates, not from the typed-in demo figures (docs/decisions/022-package-prices-from-rates.md).
		if (await refreshPackagePrices(trx, await buildPricing(trx), todayInIndia())) await publicPagesChanged(trx)
	})
	invalidateRateBook()
	const ferries = await seedDemoFerries(db)
	let accounts = 0
	for (const account of demoAccounts) {
		const agentId = 'agency' in account ? await demoAgencyReadyToBook(db, account.agency) : null
		if (await seedAccount(db, { ...account, agentId })) accounts++
	}
	const bookings = await seedDemoBookings(db, env().SITE_URL)
	const desk = await seedDemoDesk(db, env().SITE_URL)
	const suppliers = await seedDemoSuppliers(db, env().SITE_URL)
	const operations = await seedDemoOperations(db)
	return { ...counts, ...ferries, accounts, bookings, desk, suppliers, operations }
}
