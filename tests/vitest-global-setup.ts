import pg from 'pg'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
	export interface ProvidedContext {
		postgresUrl: string | null
	}
}

/** Decides once per run whether data-layer suites also run on PostgreSQL. In CI it must be there. */
export default async function setup(project: TestProject) {
	const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
	try {
		await client.connect()
		await client.end()
		project.provide('postgresUrl', url)
	} catch (error) {
		if (process.env.CI) throw new Error(`PostgreSQL must be reachable in CI at ${url}: ${String(error)}`)
		console.warn(`PostgreSQL not reachable at ${url}: data-layer suites run on SQLite only`)
		project.provide('postgresUrl', null)
	}
}
