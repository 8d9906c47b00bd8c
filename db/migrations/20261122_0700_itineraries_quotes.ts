import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// Sales desk: itineraries (the working plan), saved packages (reusable plans) and quotes (frozen, versioned snapshots).
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('itineraries')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('reference', 'text', (col) => col.notNull().unique())
		.addColumn('lead_id', 'text', (col) => col.references('leads.id'))
		.addColumn('title', 'text', (col) => col.notNull())
		// blank | lead | saved | catalog: where the plan started
		.addColumn('origin', 'text', (col) => col.notNull())
		.addColumn('origin_id', 'text')
		.addColumn('start_date', 'text', (col) => col.notNull())
		.addColumn('nights', 'integer', (col) => col.notNull())
		// The whole plan (party, days, stays, activities, overrides) as the form edits it.
		.addColumn('plan_json', 'text', (col) => col.notNull())
		// The last server pricing of the plan: the engine's quote, or its problems.
		.addColumn('price_json', 'text')
		.addColumn('total', 'bigint')
		// Bumped on every save: the editor re-reads the saved plan when it changes.
		.addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
		.addColumn('archived_at', 'text')
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('itineraries_lead').on('itineraries').columns(['lead_id', 'created_at']).execute()
	await db.schema.createIndex('itineraries_updated').on('itineraries').columns(['updated_at', 'id']).execute()

	await db.schema
		.createTable('saved_packages')
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('title', 'text', (col) => col.notNull())
		.addColumn('summary', 'text', (col) => col.notNull())
		.addColumn('nights', 'integer', (col) => col.notNull())
		// Delimited ",port-blair,havelock," so an island filter is one portable LIKE.
		.addColumn('islands', 'text', (col) => col.notNull())
		// Lower-cased title, summary and day titles: what the list's search matches.
		.addColumn('search_text', 'text', (col) => col.notNull())
		.addColumn('plan_json', 'text', (col) => col.notNull())
		.addColumn('source_itinerary_id', 'text')
		// Set once published: the draft catalog package made from it.
		.addColumn('catalog_package_id', 'text', (col) => col.references('packages.id'))
		.addColumn('archived_at', 'text')
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('saved_packages_updated').on('saved_packages').columns(['updated_at', 'id']).execute()

	await db.schema
		.createTable('quotes')
		// The public link /quote/{id}: 20 random characters, unguessable.
		.addColumn('id', 'text', (col) => col.primaryKey())
		.addColumn('itinerary_id', 'text', (col) => col.notNull().references('itineraries.id'))
		.addColumn('lead_id', 'text', (col) => col.notNull().references('leads.id'))
		.addColumn('version', 'integer', (col) => col.notNull())
		// draft | sent | viewed | accepted | declined | expired | superseded
		.addColumn('status', 'text', (col) => col.notNull())
		// Immutable: what the traveller was sent (days, stays, lines, totals, terms).
		.addColumn('snapshot_json', 'text', (col) => col.notNull())
		.addColumn('total', 'bigint', (col) => col.notNull())
		.addColumn('per_person', 'bigint', (col) => col.notNull())
		.addColumn('valid_until', 'text', (col) => col.notNull())
		.addColumn('sent_at', 'text')
		.addColumn('viewed_at', 'text')
		.addColumn('accepted_at', 'text')
		.addColumn('declined_at', 'text')
		.addColumn('superseded_by_id', 'text')
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.addUniqueConstraint('quotes_itinerary_version', ['itinerary_id', 'version'])
		.execute()
	await db.schema.createIndex('quotes_lead').on('quotes').columns(['lead_id', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('quotes').execute()
	await db.schema.dropTable('saved_packages').execute()
	await db.schema.dropTable('itineraries').execute()
}
