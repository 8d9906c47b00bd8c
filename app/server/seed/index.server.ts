import type { DB } from '../db/client.server.ts'
import { seedAccount } from '../identity/accounts.server.ts'
import { defaultSettings } from '../settings.server.ts'

/**
 * Demo sign-ins, printed in the README. Local runs only: the seed itself is
 * refused in production unless SEED_DEMO_DATA asks for it (server/app.ts).
 */
export const demoAccounts = [
	{ email: 'owner@demo.andamanisles.travel', password: 'Owner#Demo2026', displayName: 'Demo Owner', role: 'owner' },
	{ email: 'staff@demo.andamanisles.travel', password: 'Staff#Demo2026', displayName: 'Demo Staff', role: 'staff' },
] as const

/** True when nothing has been loaded yet: the first `npm start` then loads the demo data. */
export async function isDatabaseEmpty(db: DB): Promise<boolean> {
	const row = await db.selectFrom('settings').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	return Number(row.count) === 0
}

/**
 * Loads the demo data: real Andaman places and plausible prices. Idempotent:
 * running it again leaves existing rows alone. Never runs in production unless
 * asked for explicitly (server/app.ts checks).
 */
export async function seedDemoData(db: DB): Promise<Record<string, number>> {
	const now = new Date().toISOString()
	let settings = 0
	await db.transaction().execute(async (trx) => {
		for (const [key, value] of Object.entries(defaultSettings)) {
			const result = await trx
				.insertInto('settings')
				.values({ key, value_json: JSON.stringify(value), updated_at: now })
				.onConflict((oc) => oc.column('key').doNothing())
				.executeTakeFirst()
			settings += Number(result.numInsertedOrUpdatedRows ?? 0)
		}
	})
	let accounts = 0
	for (const account of demoAccounts) {
		if (await seedAccount(db, account)) accounts++
	}
	return { settings, accounts }
}
