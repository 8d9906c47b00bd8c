import type { Kysely } from 'kysely'

// Migrations never import app code: they describe the schema as it was on the day they were written.
// The operator's photo library and the photos attached to packages, hotels, activities and islands.
export async function up(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable('media')
		.addColumn('id', 'text', (col) => col.primaryKey())
		// Where the cleaned copy lives in the media store (a file under STORAGE_DIR, or an object key).
		.addColumn('storage_key', 'text', (col) => col.notNull())
		// SHA-256 of the uploaded bytes: the same photo sent twice is one library entry.
		.addColumn('sha256', 'text', (col) => col.notNull().unique())
		.addColumn('width', 'integer', (col) => col.notNull())
		.addColumn('height', 'integer', (col) => col.notNull())
		.addColumn('bytes', 'integer', (col) => col.notNull())
		.addColumn('original_name', 'text', (col) => col.notNull())
		.addColumn('alt', 'text', (col) => col.notNull())
		// The point to keep in view when a page crops the photo, in whole percent from the left and the top.
		.addColumn('focal_x', 'integer', (col) => col.notNull())
		.addColumn('focal_y', 'integer', (col) => col.notNull())
		.addColumn('created_by', 'text')
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addColumn('updated_at', 'text', (col) => col.notNull())
		.execute()
	await db.schema.createIndex('media_created').on('media').column('created_at').execute()

	await db.schema
		.createTable('media_attachments')
		.addColumn('id', 'text', (col) => col.primaryKey())
		// No cascade: a photo in use cannot be deleted.
		.addColumn('media_id', 'text', (col) => col.notNull().references('media.id'))
		// package | hotel | activity | island; the key is the package or hotel id, or the activity or island slug.
		.addColumn('subject_kind', 'text', (col) => col.notNull())
		.addColumn('subject_key', 'text', (col) => col.notNull())
		// 0 is the cover; the rest follow in order.
		.addColumn('position', 'integer', (col) => col.notNull())
		.addColumn('created_at', 'text', (col) => col.notNull())
		.addUniqueConstraint('media_attachments_once', ['subject_kind', 'subject_key', 'media_id'])
		.execute()
	await db.schema.createIndex('media_attachments_subject').on('media_attachments').columns(['subject_kind', 'subject_key', 'position']).execute()
	await db.schema.createIndex('media_attachments_media').on('media_attachments').column('media_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropTable('media_attachments').execute()
	await db.schema.dropTable('media').execute()
}
