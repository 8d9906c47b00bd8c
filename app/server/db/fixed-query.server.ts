import { type Compilable, CompiledQuery } from 'kysely'
import type { Executor } from './client.server.ts'

/** A value a fixed query binds: each stands for one placeholder. */
type Bound = string | number | null

type Compiled = { sql: string; slots: ReadonlyArray<number | { constant: unknown }> }

/**
 * A query whose SQL never changes, built and compiled once per database (the dialect decides the
 * placeholders); each call only binds its own values. Kysely builds and compiles a query on every
 * call, and for the few queries every staff page runs (the session, the two-step setting, the
 * follow-ups count) that cost more than running them on SQLite (ADR 163).
 *
 * `build` is called once, with stand-ins for the values; each must be bound as one plain value
 * (`where('id', '=', id)`), never spread into `in (…)` or written into SQL text. The first run
 * checks that every stand-in became exactly one placeholder and throws otherwise.
 */
export function fixedQuery<Args extends Bound[], Row>(build: (db: Executor, ...args: Args) => Compilable<Row>) {
	const compiledFor = new WeakMap<Executor, Compiled>()
	const compile = (db: Executor, arity: number): Compiled => {
		const standIns = Array.from({ length: arity }, (_, index) => `\u0000fixed-query-value-${index}\u0000`)
		const { sql, parameters } = build(db, ...(standIns as Args)).compile()
		const slots = parameters.map((parameter) => {
			const index = typeof parameter === 'string' ? standIns.indexOf(parameter) : -1
			return index >= 0 ? index : { constant: parameter }
		})
		for (let index = 0; index < arity; index++) {
			if (slots.filter((slot) => slot === index).length !== 1 || sql.includes(standIns[index]!)) throw new Error(`fixedQuery: value ${index + 1} must be bound once as a plain value`)
		}
		return { sql, slots }
	}
	const execute = async (db: Executor, ...args: Args): Promise<Row[]> => {
		let compiled = compiledFor.get(db)
		if (!compiled) compiledFor.set(db, (compiled = compile(db, args.length)))
		const parameters = compiled.slots.map((slot) => (typeof slot === 'number' ? args[slot] : slot.constant))
		const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))
		return result.rows
	}
	return {
		execute,
		async executeTakeFirst(db: Executor, ...args: Args): Promise<Row | undefined> {
			const [row] = await execute(db, ...args)
			return row
		},
	}
}
