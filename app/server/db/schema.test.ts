import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import type { Executor } from './client.server.ts'
import { isPostgres } from './client.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'

/**
 * The hand-kept `Database` interface against the migrated database (docs/decisions/149-hand-kept-schema-checked-against-the-database.md):
 * every table and column on one side exists on the other, with the same nullability, a value type
 * the column can hold, and a default behind every `Generated` column.
 */

type Column = { nullable: boolean; generated: boolean; type: 'number' | 'string' | 'other' }
type Tables = Map<string, Map<string, Column>>

const schemaFile = fileURLToPath(new URL('./schema.ts', import.meta.url))

let declared: Tables | undefined

/** Reads `Database` from the TypeScript source with the type checker, so inherited and aliased columns count. */
function declaredTables(): Tables {
	declared ??= readDeclaredTables()
	return declared
}

function readDeclaredTables(): Tables {
	const program = ts.createProgram([schemaFile], {
		target: ts.ScriptTarget.ES2022,
		module: ts.ModuleKind.ES2022,
		moduleResolution: ts.ModuleResolutionKind.Bundler,
		allowImportingTsExtensions: true,
		noEmit: true,
		strict: true,
		skipLibCheck: true,
		types: [],
	})
	const errors = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
	if (errors.length > 0)
		throw new Error(
			ts.formatDiagnostics(errors, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => path.dirname(schemaFile), getNewLine: () => '\n' }),
		)
	const checker = program.getTypeChecker()
	const source = program.getSourceFile(schemaFile)!
	const database = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((symbol) => symbol.name === 'Database')
	if (!database) throw new Error('schema.ts exports no Database')
	const tables: Tables = new Map()
	for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(database))) {
		const columns = new Map<string, Column>()
		for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
			const declared = checker.getTypeOfSymbol(column)
			// Kysely's ColumnType<S, I, U> (and Generated<T>) carry the select and insert types as phantom properties.
			const select = declared.getProperty('__select__')
			const insert = declared.getProperty('__insert__')
			const selectType = select ? checker.getTypeOfSymbol(select) : declared
			const parts = selectType.isUnion() ? selectType.types : [selectType]
			const values = parts.filter((part) => !(part.flags & ts.TypeFlags.Null))
			const kind = (part: ts.Type) => (part.flags & ts.TypeFlags.NumberLike ? 'number' : part.flags & ts.TypeFlags.StringLike ? 'string' : 'other')
			const kinds = new Set(values.map(kind))
			columns.set(column.name, {
				nullable: parts.length !== values.length,
				generated: insert
					? checker.getTypeOfSymbol(insert).isUnion() &&
						(checker.getTypeOfSymbol(insert) as ts.UnionType).types.some((part) => part.flags & ts.TypeFlags.Undefined)
					: false,
				type: kinds.size === 1 ? [...kinds][0]! : 'other',
			})
		}
		tables.set(table.name, columns)
	}
	return tables
}

/** What a declared column type is stored as on each database (docs/conventions.md, Storage). */
function storedAs(databaseType: string): Column['type'] {
	const type = databaseType.toLowerCase()
	if (/int|real|floa|doub|numeric/.test(type)) return 'number'
	if (/text|char|clob/.test(type)) return 'string'
	return 'other'
}

type ColumnInfo = {
	table_name: string
	column_name: string
	data_type: string
	not_null: number | boolean
	has_default: number | boolean
	generated: number | boolean
}

/** The migrated database's own tables and columns, without Kysely's migration tables and SQLite's full-text index tables. */
async function migratedTables(db: Executor): Promise<Tables> {
	const { rows } = isPostgres(db)
		? await sql<ColumnInfo>`
				select c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO' as not_null,
					c.column_default is not null as has_default, c.is_identity = 'YES' as generated
				from information_schema.columns c
				join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
				where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_migration%'`.execute(db)
		: // A text primary key may hold NULL in SQLite unless declared NOT NULL; ours never do (every insert gives an id), so it counts as not null.
			// An INTEGER PRIMARY KEY is the rowid: the database numbers it.
			await sql<ColumnInfo>`
				select t.name as table_name, c.name as column_name, c.type as data_type, c."notnull" or c.pk > 0 as not_null,
					c.dflt_value is not null as has_default, c.pk = 1 and lower(c.type) = 'integer' as generated
				from pragma_table_list as t, pragma_table_info(t.name) as c
				where t.schema = 'main' and t.type = 'table' and t.name not like 'sqlite_%' and t.name not like 'kysely_migration%'`.execute(db)
	const tables: Tables = new Map()
	for (const row of rows) {
		const columns = tables.get(row.table_name) ?? new Map<string, Column>()
		columns.set(row.column_name, { nullable: !row.not_null, generated: Boolean(row.has_default) || Boolean(row.generated), type: storedAs(row.data_type) })
		tables.set(row.table_name, columns)
	}
	return tables
}

/**
 * Columns declared not null that the database lets be null, each with why it is safe. Keep this short:
 * an entry is a promise that every insert sets the column.
 */
const declaredStricter = new Map([
	// Added to existing rows by 20261125_0100_payments (backfilled there); SQLite cannot make an added column NOT NULL.
	// Every booking insert sets it (app/features/bookings/server).
	['bookings.trip_token', 'every booking gets a trip token when it is made'],
	// Added and backfilled by 20261126_02_0100_report_columns; every booking insert sets it (createBooking, the demo seed).
	['bookings.created_month', 'every booking gets the India month it was made in'],
])

/** Every way the declared schema and the migrated database disagree, one line each; empty when they agree. */
function schemaDrift(declared: Tables, migrated: Tables): string[] {
	const problems: string[] = []
	for (const table of new Set([...declared.keys(), ...migrated.keys()])) {
		const ours = declared.get(table)
		const theirs = migrated.get(table)
		if (!ours) problems.push(`${table}: a table in the database but not in Database (app/server/db/schema.ts)`)
		if (!theirs) problems.push(`${table}: in Database but no migration creates it`)
		if (!ours || !theirs) continue
		for (const name of new Set([...ours.keys(), ...theirs.keys()])) {
			const column = ours.get(name)
			const stored = theirs.get(name)
			if (!column) problems.push(`${table}.${name}: a column in the database but not in ${table}'s interface`)
			if (!stored) problems.push(`${table}.${name}: declared but no migration creates it`)
			if (!column || !stored) continue
			const stricter = declaredStricter.has(`${table}.${name}`)
			if (stricter && !stored.nullable) problems.push(`${table}.${name}: now not null in the database: remove it from declaredStricter`)
			if (column.nullable !== stored.nullable && !(stricter && !column.nullable))
				problems.push(`${table}.${name}: declared ${column.nullable ? 'nullable' : 'not null'} but the column is ${stored.nullable ? 'nullable' : 'not null'}`)
			if (column.type !== stored.type) problems.push(`${table}.${name}: declared ${column.type} but the column stores ${stored.type}`)
			if (column.generated && !stored.generated && !stored.nullable) problems.push(`${table}.${name}: declared Generated but the column has no default`)
		}
	}
	return problems
}

describeEachDatabase('schema types match the migrated database', (get) => {
	test('every table and column agrees in name, nullability, value type and defaults', async () => {
		expect(schemaDrift(declaredTables(), await migratedTables(get().db))).toEqual([])
	})
})

describe('schema drift check', () => {
	const column = (nullable: boolean, type: Column['type'] = 'string', generated = false): Column => ({ nullable, generated, type })
	const tables = (entries: Record<string, Record<string, Column>>): Tables =>
		new Map(Object.entries(entries).map(([name, columns]) => [name, new Map(Object.entries(columns))]))

	test('reads columns, nullability and Generated from the TypeScript source', () => {
		const declared = declaredTables()
		expect(declared.get('audit_log')?.get('id')).toEqual({ nullable: false, generated: true, type: 'number' })
		expect(declared.get('leads')?.get('phone')).toEqual({ nullable: true, generated: false, type: 'string' })
		expect(declared.get('bookings')?.get('cost')).toEqual({ nullable: true, generated: true, type: 'number' })
		expect(declared.size).toBeGreaterThan(40)
	})

	test('reports a missing table, a missing or extra column, nullability, type and a default that is not there', () => {
		const migrated = tables({
			leads: { id: column(false), phone: column(true), nights: column(true, 'number'), added: column(true) },
			extra: { id: column(false) },
		})
		const declared = tables({
			leads: { id: column(false, 'string', true), phone: column(false), nights: column(true, 'string'), gone: column(true) },
			missing: { id: column(false) },
		})
		expect(schemaDrift(declared, migrated)).toEqual([
			'leads.id: declared Generated but the column has no default',
			'leads.phone: declared not null but the column is nullable',
			'leads.nights: declared string but the column stores number',
			'leads.gone: declared but no migration creates it',
			"leads.added: a column in the database but not in leads's interface",
			'missing: in Database but no migration creates it',
			'extra: a table in the database but not in Database (app/server/db/schema.ts)',
		])
		expect(schemaDrift(migrated, migrated)).toEqual([])
	})

	test('a column declared stricter on purpose passes until the database catches up', () => {
		const declared = tables({ bookings: { trip_token: column(false) } })
		expect(schemaDrift(declared, tables({ bookings: { trip_token: column(true) } }))).toEqual([])
		expect(schemaDrift(declared, declared)).toEqual(['bookings.trip_token: now not null in the database: remove it from declaredStricter'])
	})
})
