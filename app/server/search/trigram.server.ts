import { sql } from 'kysely'

/**
 * On SQLite, the rowids of `table` whose FTS5 trigram twin (`<table>_search`: leads_search of
 * ADR 032, the others of docs/decisions/129-quick-search.md) contains a needle, as a subquery with
 * one column, `found`. One lookup per needle joined by UNION: FTS5 cannot use its index for an
 * OR and reads every row instead. Needles must be 3 characters or more, without LIKE wildcards
 * (FTS5 takes no ESCAPE); callers re-check the exact LIKE.
 */
export function trigramRowids(table: string, needles: string[]) {
	return sql`(${sql.join(
		needles.map((needle) => sql`select rowid as found from ${sql.table(`${table}_search`)} where search_text like ${`%${needle}%`}`),
		sql` union `,
	)})`
}
