import type { DB } from '~/server/db/client.server.ts'
import type { FerryOperatorAdapter, LiveOperator } from '~/features/ferries/domain/live/operator.ts'
import { z } from '~/lib/zod.ts'
import { demoAdapter } from './demo.server.ts'
import { greenOceanAdapter } from './green-ocean.server.ts'
import { makruzzAdapter } from './makruzz.server.ts'
import { sealinkAdapter } from './sealink.server.ts'

/**
 * Which operators are live, from the environment (docs/ferries.md). An operator is searched only when
 * every one of its variables is set; otherwise it is not called at all and stays on the enquiry path.
 * The credentials stay in this module's closures: no page, log line or error message carries them.
 */
const text = z
	.string()
	.trim()
	.min(1)
	.optional()
	.or(z.literal('').transform(() => undefined))
const flag = z.enum(['true', 'false', '1', '0', '']).optional()
const schema = z.object({
	NODE_ENV: z.string().optional(),
	SEED_DEMO_DATA: flag,
	SEALINK_API_URL: z
		.url()
		.optional()
		.or(z.literal('').transform(() => undefined)),
	SEALINK_USERNAME: text,
	SEALINK_TOKEN: text,
	SEALINK_AGENCY: text,
	MAKRUZZ_API_URL: z
		.url()
		.optional()
		.or(z.literal('').transform(() => undefined)),
	MAKRUZZ_USERNAME: text,
	MAKRUZZ_PASSWORD: text,
	GREEN_OCEAN_API_URL: z
		.url()
		.optional()
		.or(z.literal('').transform(() => undefined)),
	GREEN_OCEAN_PUBLIC_KEY: text,
	GREEN_OCEAN_PRIVATE_KEY: text,
	/** Milliseconds each operator gets to answer a search. */
	FERRY_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1200),
	/** The demo operator: `true` turns it on, `false` off; unset, it is on outside production and on demo-data servers. */
	FERRY_DEMO_OPERATOR: flag,
})

export type OperatorSetup = { adapters: FerryOperatorAdapter[]; timeoutMs: number; demo: boolean }

export function operatorsFromEnv(source: Record<string, string | undefined> = process.env): OperatorSetup {
	const config = schema.parse(source)
	const adapters: FerryOperatorAdapter[] = []
	if (config.SEALINK_API_URL && config.SEALINK_USERNAME && config.SEALINK_TOKEN)
		adapters.push(
			sealinkAdapter({ baseUrl: config.SEALINK_API_URL, userName: config.SEALINK_USERNAME, token: config.SEALINK_TOKEN, agency: config.SEALINK_AGENCY ?? '' }),
		)
	if (config.MAKRUZZ_API_URL && config.MAKRUZZ_USERNAME && config.MAKRUZZ_PASSWORD)
		adapters.push(makruzzAdapter({ baseUrl: config.MAKRUZZ_API_URL, username: config.MAKRUZZ_USERNAME, password: config.MAKRUZZ_PASSWORD }))
	if (config.GREEN_OCEAN_API_URL && config.GREEN_OCEAN_PUBLIC_KEY && config.GREEN_OCEAN_PRIVATE_KEY)
		adapters.push(
			greenOceanAdapter({ baseUrl: config.GREEN_OCEAN_API_URL, publicKey: config.GREEN_OCEAN_PUBLIC_KEY, privateKey: config.GREEN_OCEAN_PRIVATE_KEY }),
		)
	const on = (value: string | undefined) => value === 'true' || value === '1'
	const demoAllowed = config.NODE_ENV !== 'production' || on(config.SEED_DEMO_DATA)
	const demo = config.FERRY_DEMO_OPERATOR === undefined || config.FERRY_DEMO_OPERATOR === '' ? demoAllowed : on(config.FERRY_DEMO_OPERATOR) && demoAllowed
	if (demo) adapters.push(demoAdapter())
	return { adapters, timeoutMs: config.FERRY_SEARCH_TIMEOUT_MS, demo }
}

let current: OperatorSetup | null = null
/** The server's operators, read once. Tests pass their own setup to the functions that take one. */
export function liveOperatorSetup(): OperatorSetup {
	current ??= operatorsFromEnv()
	return current
}

export function adapterFor(setup: OperatorSetup, operator: LiveOperator): FerryOperatorAdapter | undefined {
	return setup.adapters.find((adapter) => adapter.operator === operator)
}

/** Live ferry settings (the `ferryLive` settings row): our markup on the operator's fare and how long a traveller's hold lasts. */
export type FerryLiveSettings = { markupPercent: number; holdMinutes: number }
export const defaultFerryLiveSettings: FerryLiveSettings = { markupPercent: 5, holdMinutes: 10 }
const settingsSchema = z.object({
	markupPercent: z.number().min(0).max(100).catch(defaultFerryLiveSettings.markupPercent),
	holdMinutes: z.number().int().min(2).max(30).catch(defaultFerryLiveSettings.holdMinutes),
})

export async function ferryLiveSettings(db: DB): Promise<FerryLiveSettings> {
	const row = await db.selectFrom('settings').select('value_json').where('key', '=', 'ferryLive').executeTakeFirst()
	if (!row) return defaultFerryLiveSettings
	try {
		return settingsSchema.parse(JSON.parse(row.value_json))
	} catch {
		return defaultFerryLiveSettings
	}
}
