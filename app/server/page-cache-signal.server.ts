import type { Kysely } from 'kysely'
import { afterCommit } from './db/after-commit.server.ts'
import { nextSequence } from './db/audit.server.ts'
import type { Executor } from './db/client.server.ts'
import type { Database } from './db/schema.ts'

/**
 * Public pages are cached (docs/decisions/001-page-cache.md). Anything that
 * changes what visitors see calls `publicPagesChanged` in its transaction: it
 * bumps a generation in the database (so every instance notices within a
 * couple of seconds) and tells this instance's cache as soon as the transaction
 * has committed, never before: a page rendered in between would still read the
 * old rows (ADR 175).
 */
const listeners = new Set<(generation: number) => void>()

export function onPublicPagesChanged(listener: (generation: number) => void): () => void {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

export async function publicPagesChanged(executor: Executor): Promise<number> {
	const generation = await nextSequence(executor, 'page_cache_generation', 0)
	await afterCommit(executor, () => {
		for (const listener of listeners) listener(generation)
	})
	return generation
}

export async function currentPublicPagesGeneration(executor: Kysely<Database>): Promise<number> {
	const row = await executor.selectFrom('counters').select('value').where('name', '=', 'page_cache_generation').where('year', '=', 0).executeTakeFirst()
	return row?.value ?? 0
}
