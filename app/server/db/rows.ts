/** Helpers for the row-to-domain mappers of app/server: plain columns renamed, JSON text columns read. */

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S

/** The named columns of a row under their camelCase names, with the row's types. */
export type CamelColumns<R, K extends keyof R & string> = { [P in K as Camel<P>]: R[P] }

/**
 * The plain part of a mapper: `camelColumns(row, ['id', 'start_date'])` is `{ id: row.id, startDate: row.start_date }`.
 * Columns that need a cast, a parse or another name stay written out beside it.
 */
export function camelColumns<R extends object, K extends keyof R & string>(row: R, columns: readonly K[]): CamelColumns<R, K> {
	const out: Record<string, unknown> = {}
	for (const column of columns) out[column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())] = row[column]
	return out as CamelColumns<R, K>
}

/** A JSON text column read back, or `fallback` when it is empty or not JSON (a row written by hand or by an older version). */
export function jsonColumn<T>(text: string | null, fallback: T): T {
	if (!text) return fallback
	try {
		return JSON.parse(text) as T
	} catch {
		return fallback
	}
}

type Snake<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}` : S

/** The named fields of a form under their snake_case column names, with the form's types. */
export type SnakeColumns<F, K extends keyof F & string> = { [P in K as Snake<P>]: F[P] }

/** The reverse of `camelColumns`, for writing a form: `snakeColumns(form, ['startDate'])` is `{ start_date: form.startDate }`. */
export function snakeColumns<F extends object, K extends keyof F & string>(form: F, fields: readonly K[]): SnakeColumns<F, K> {
	const out: Record<string, unknown> = {}
	for (const field of fields) out[field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = form[field]
	return out as SnakeColumns<F, K>
}
