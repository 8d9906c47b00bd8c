import { sql } from 'kysely'

/**
 * On SQLite, the rowids of `table` whose FTS5 trigram twin (`<table>_search`: leads_search of
 * ADR 032, the others of docs/decisions/129-quick-search.md) contains a needle, as a subquery with
 * one column, `found`. One lookup per needle joined by UNION: FTS5 cannot use its index for an
 * OR and reads every row instead. FTS5 takes no ESCAPE: a `%` or `_` in a needle is a wildcard
 * here, so the rows found are a superset and callers re-check the exact LIKE; a needle without 3
 * characters in a row that are not wildcards makes FTS5 read every row.
 */
export function trigramRowids(table: string, needles: string[]) {
	return sql`(${sql.join(
		needles.map((needle) => sql`select rowid as found from ${sql.table(`${table}_search`)} where search_text like ${`%${needle}%`}`),
		sql` union `,
	)})`
}

/**
 * Whether the trigram index can narrow the rows for every needle: it needs 3 characters in a row
 * that are not LIKE wildcards (a needle such as "ravi_kumar" is looked up with its "_" as a
 * wildcard, a wider net, and the exact LIKE then takes "_" as the character).
 */
export const trigramUsable = (needles: string[]) => needles.every((needle) => /[^%_]{3}/.test(needle))
