import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import {
	checkPhotoBytes,
	checkPhotoSize,
	maxPhotoPixels,
	mediaPath,
	type OrderMove,
	type PhotoDetails,
	reorder,
	type ShownPhoto,
	type Subject,
	type SubjectKind,
	subjectKindLabels,
	subjectValue,
	altTextSchema,
	maxStoredEdge,
} from '~/features/media/domain/media.ts'
import { safeFileName } from '~/lib/uploads.ts'
import { allContentPages } from '~/content/pages.server.ts'
import { nowIso } from '~/lib/dates.ts'
import { AppError } from '~/lib/errors.ts'
import { newId } from '~/lib/ids.ts'
import { islands, type IslandSlug } from '~/lib/islands.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import { type Executor, isUniqueViolation } from '~/server/db/client.server.ts'
import type { Database, MediaRow } from '~/server/db/schema.ts'
import { publicPagesChanged } from '~/server/page-cache-signal.server.ts'
import { type MediaStore, mediaStore } from './store.server.ts'

/**
 * The photo library's data (docs/decisions/132-media-library.md): uploads are
 * decoded and re-encoded (no metadata, no trailing payload), stored in the
 * media store and recorded here; attachments say where pages show them.
 */

export type MediaItem = {
	id: string
	src: string
	alt: string
	focal: { x: number; y: number }
	width: number
	height: number
	bytes: number
	originalName: string
	createdAt: string
}

function toItem(row: MediaRow): MediaItem {
	return {
		id: row.id,
		src: mediaPath(row.id),
		alt: row.alt,
		focal: { x: row.focal_x, y: row.focal_y },
		width: row.width,
		height: row.height,
		bytes: row.bytes,
		originalName: row.original_name,
		createdAt: row.created_at,
	}
}

const photoNotFound = () => new AppError('not-found', 'That photo is not in the library (it may have been deleted).')

function photoError(message: string, field = 'file'): AppError {
	return new AppError('invalid-argument', message, { fields: { [field]: message } })
}

/** Decodes, checks and cleans an uploaded photo: upright, at most 3072 px, WebP, no EXIF (GPS included), no bytes after the image. */
export async function cleanPhoto(bytes: Uint8Array): Promise<{ webp: Buffer; width: number; height: number }> {
	const check = checkPhotoBytes(bytes)
	if (!check.ok) throw photoError(check.error)
	let width: number
	let height: number
	try {
		// The header alone: the pixel cap is checked before anything is decoded.
		const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
		width = meta.autoOrient?.width ?? meta.width ?? 0
		height = meta.autoOrient?.height ?? meta.height ?? 0
	} catch {
		throw photoError('That file could not be read as a photo. Open it in a photo app, export it as JPEG and upload that.')
	}
	const sizeProblem = checkPhotoSize(width, height)
	if (sizeProblem) throw photoError(sizeProblem)
	try {
		const { data, info } = await sharp(bytes, { limitInputPixels: maxPhotoPixels, failOn: 'error' })
			.rotate()
			.resize({ width: maxStoredEdge, height: maxStoredEdge, fit: 'inside', withoutEnlargement: true })
			.webp({ quality: 90 })
			.toBuffer({ resolveWithObject: true })
		return { webp: data, width: info.width, height: info.height }
	} catch {
		throw photoError('That photo is damaged or cut short. Open it in a photo app, export it as JPEG and upload that.')
	}
}

export type UploadResult = { item: MediaItem; duplicate: boolean }

/** Adds a photo to the library; the same file sent twice (a double submit, or a second upload) is one entry. */
export async function uploadPhoto(
	db: Kysely<Database>,
	store: MediaStore,
	actor: Actor,
	file: FormDataEntryValue | null,
	altText: string,
): Promise<UploadResult> {
	const alt = altTextSchema.safeParse(altText)
	if (!alt.success) throw photoError(alt.error.issues[0]!.message, 'alt')
	if (!file || typeof file === 'string') throw photoError('Choose a photo to upload (JPEG, PNG or WebP).')
	const bytes = new Uint8Array(await file.arrayBuffer())
	const sha256 = createHash('sha256').update(bytes).digest('hex')
	const existing = await db.selectFrom('media').selectAll().where('sha256', '=', sha256).executeTakeFirst()
	if (existing) return { item: toItem(existing), duplicate: true }
	const cleaned = await cleanPhoto(bytes)
	const id = newId()
	const key = `media/${id}.webp`
	await store.put(key, cleaned.webp, 'image/webp')
	const now = nowIso()
	const row: MediaRow = {
		id,
		storage_key: key,
		sha256,
		width: cleaned.width,
		height: cleaned.height,
		bytes: cleaned.webp.byteLength,
		original_name: safeFileName(file.name, 'webp'),
		alt: alt.data,
		focal_x: 50,
		focal_y: 50,
		created_by: actor.id,
		created_at: now,
		updated_at: now,
	}
	try {
		await db.transaction().execute(async (trx) => {
			await trx.insertInto('media').values(row).execute()
			await recordAudit(trx, { actor, action: 'upload', entity: 'media', entityId: id, after: { alt: row.alt, width: row.width, height: row.height } })
		})
	} catch (error) {
		// Nothing half-done: the stored copy goes when its record could not be written.
		await store.remove(key).catch(() => {})
		if (isUniqueViolation(error)) {
			const winner = await db.selectFrom('media').selectAll().where('sha256', '=', sha256).executeTakeFirst()
			if (winner) return { item: toItem(winner), duplicate: true }
		}
		throw error
	}
	return { item: toItem(row), duplicate: false }
}

export const mediaPerPage = 48

export type LibraryEntry = MediaItem & { uses: number }

/** The library, newest first, with how many places use each photo. */
export async function listMedia(db: Executor, page = 1): Promise<{ items: LibraryEntry[]; total: number; page: number; pages: number }> {
	const { total } = await db
		.selectFrom('media')
		.select((eb) => eb.fn.countAll<number>().as('total'))
		.executeTakeFirstOrThrow()
	const pages = Math.max(1, Math.ceil(Number(total) / mediaPerPage))
	const current = Math.min(Math.max(1, page), pages)
	const rows = await db
		.selectFrom('media')
		.selectAll('media')
		.select((eb) =>
			eb
				.selectFrom('media_attachments')
				.select((inner) => inner.fn.countAll<number>().as('n'))
				.whereRef('media_attachments.media_id', '=', 'media.id')
				.as('uses'),
		)
		.orderBy('created_at', 'desc')
		.orderBy('id')
		.limit(mediaPerPage)
		.offset((current - 1) * mediaPerPage)
		.execute()
	return { items: rows.map((row) => ({ ...toItem(row), uses: Number(row.uses ?? 0) })), total: Number(total), page: current, pages }
}

export async function getMedia(db: Executor, id: string): Promise<MediaItem> {
	const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()
	if (!row) throw photoNotFound()
	return toItem(row)
}

/**
 * A library photo as PNG, at most `maxEdge` pixels on its longer side, for documents whose format takes PNG or JPEG
 * only (the voucher PDF's agency logo, docs/decisions/232); null when the photo or its file is gone.
 */
export async function photoAsPng(db: Executor, store: MediaStore, id: string, maxEdge = 480): Promise<Uint8Array | null> {
	const key = await mediaStorageKey(db, id)
	const bytes = key ? await store.get(key) : null
	if (!bytes) return null
	return sharp(bytes).resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true }).png().toBuffer()
}

/** The storage key of a photo by id, for the image route; null when there is none. */
export async function mediaStorageKey(db: Executor, id: string): Promise<string | null> {
	const row = await db.selectFrom('media').select('storage_key').where('id', '=', id).executeTakeFirst()
	return row?.storage_key ?? null
}

export type SubjectOption = { value: string; label: string }
export type SubjectGroup = { kind: SubjectKind; label: string; options: SubjectOption[] }

/** The activities with their own page: where an activity's photos show. */
function activityPages() {
	return allContentPages()
		.filter((page) => page.activity)
		.map((page) => ({ key: page.activity!, label: page.h1.split(':')[0]! }))
}

/** Every place a photo can go, grouped for one select. Archived packages and inactive hotels are left out. */
export async function subjectOptions(db: Executor): Promise<SubjectGroup[]> {
	const [packages, hotels] = await Promise.all([
		db.selectFrom('packages').select(['id', 'title', 'status']).where('status', '!=', 'archived').orderBy('title').execute(),
		db.selectFrom('hotels').select(['id', 'name', 'island']).where('active', '=', 1).orderBy('name').execute(),
	])
	return [
		{
			kind: 'package',
			label: 'Packages',
			options: packages.map((row) => ({
				value: subjectValue({ kind: 'package', key: row.id }),
				label: row.status === 'draft' ? `${row.title} (draft)` : row.title,
			})),
		},
		{
			kind: 'hotel',
			label: 'Hotels',
			options: hotels.map((row) => ({
				value: subjectValue({ kind: 'hotel', key: row.id }),
				label: `${row.name}, ${islands[row.island as IslandSlug]?.name ?? row.island}`,
			})),
		},
		{
			kind: 'activity',
			label: 'Activities',
			options: activityPages().map((activity) => ({ value: subjectValue({ kind: 'activity', key: activity.key }), label: activity.label })),
		},
		{
			kind: 'island',
			label: 'Islands',
			options: Object.entries(islands).map(([slug, island]) => ({ value: subjectValue({ kind: 'island', key: slug }), label: island.label })),
		},
	]
}

/** What a subject is called and where its public page is; not-found when it does not exist. */
export async function describeSubject(db: Executor, subject: Subject): Promise<{ name: string; kindLabel: string; publicPath: string | null }> {
	const kindLabel = subjectKindLabels[subject.kind]
	switch (subject.kind) {
		case 'package': {
			const row = await db.selectFrom('packages').select(['title', 'slug', 'status']).where('id', '=', subject.key).executeTakeFirst()
			if (!row) break
			return { name: row.title, kindLabel, publicPath: row.status === 'published' ? `/packages/${row.slug}` : null }
		}
		case 'hotel': {
			const row = await db.selectFrom('hotels').select(['name']).where('id', '=', subject.key).executeTakeFirst()
			if (!row) break
			return { name: row.name, kindLabel, publicPath: null }
		}
		case 'activity': {
			const activity = activityPages().find((candidate) => candidate.key === subject.key)
			if (!activity) break
			return { name: activity.label, kindLabel, publicPath: `/activities/${activity.key}` }
		}
		case 'island': {
			const island = islands[subject.key as IslandSlug]
			if (!island) break
			return { name: island.label, kindLabel, publicPath: island.page }
		}
	}
	throw new AppError('not-found', `There is no ${kindLabel.toLowerCase()} with that id. Choose one from the list.`, {
		fields: { subject: 'Choose where the photo goes from the list.' },
	})
}

export type Attachment = { subject: Subject; value: string; name: string; kindLabel: string; publicPath: string | null; position: number }

/** A photo with every place it shows. */
export async function getMediaPage(db: Executor, id: string) {
	const item = await getMedia(db, id)
	const rows = await db
		.selectFrom('media_attachments')
		.select(['subject_kind', 'subject_key', 'position'])
		.where('media_id', '=', id)
		.orderBy('subject_kind')
		.orderBy('subject_key')
		.execute()
	const attachments: Attachment[] = []
	for (const row of rows) {
		const subject = { kind: row.subject_kind as SubjectKind, key: row.subject_key }
		const described = await describeSubject(db, subject).catch(() => ({
			name: `${row.subject_kind} ${row.subject_key} (removed)`,
			kindLabel: subjectKindLabels[subject.kind] ?? row.subject_kind,
			publicPath: null,
		}))
		attachments.push({ subject, value: subjectValue(subject), ...described, position: row.position })
	}
	return { item, attachments, subjects: await subjectOptions(db) }
}

export async function updatePhotoDetails(db: Kysely<Database>, actor: Actor, id: string, details: PhotoDetails): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const before = await trx.selectFrom('media').select(['alt', 'focal_x', 'focal_y']).where('id', '=', id).executeTakeFirst()
		if (!before) throw photoNotFound()
		await trx
			.updateTable('media')
			.set({ alt: details.alt, focal_x: details.focalX, focal_y: details.focalY, updated_at: nowIso() })
			.where('id', '=', id)
			.execute()
		await recordAudit(trx, {
			actor,
			action: 'update',
			entity: 'media',
			entityId: id,
			before,
			after: { alt: details.alt, focal_x: details.focalX, focal_y: details.focalY },
		})
		await publicPagesChanged(trx)
	})
}

async function subjectOrder(trx: Executor, subject: Subject): Promise<string[]> {
	const rows = await trx
		.selectFrom('media_attachments')
		.select('media_id')
		.where('subject_kind', '=', subject.kind)
		.where('subject_key', '=', subject.key)
		.orderBy('position')
		.orderBy('created_at')
		.execute()
	return rows.map((row) => row.media_id)
}

async function writeOrder(trx: Executor, subject: Subject, order: readonly string[]): Promise<void> {
	for (const [position, mediaId] of order.entries()) {
		await trx
			.updateTable('media_attachments')
			.set({ position })
			.where('subject_kind', '=', subject.kind)
			.where('subject_key', '=', subject.key)
			.where('media_id', '=', mediaId)
			.execute()
	}
}

/** Shows a photo for a subject, after its other photos (the first one becomes the cover). Attaching twice is one attachment. */
export async function attachPhoto(db: Kysely<Database>, actor: Actor, id: string, subject: Subject): Promise<{ created: boolean }> {
	await describeSubject(db, subject)
	try {
		return await db.transaction().execute(async (trx) => {
			const media = await trx.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst()
			if (!media) throw photoNotFound()
			const order = await subjectOrder(trx, subject)
			if (order.includes(id)) return { created: false }
			await trx
				.insertInto('media_attachments')
				.values({ id: newId(), media_id: id, subject_kind: subject.kind, subject_key: subject.key, position: order.length, created_at: nowIso() })
				.execute()
			await recordAudit(trx, { actor, action: 'attach', entity: 'media', entityId: id, after: subject })
			await publicPagesChanged(trx)
			return { created: true }
		})
	} catch (error) {
		// The same attachment made at the same moment by a second submit.
		if (isUniqueViolation(error)) return { created: false }
		throw error
	}
}

export async function detachPhoto(db: Kysely<Database>, actor: Actor, id: string, subject: Subject): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const removed = await trx
			.deleteFrom('media_attachments')
			.where('media_id', '=', id)
			.where('subject_kind', '=', subject.kind)
			.where('subject_key', '=', subject.key)
			.executeTakeFirst()
		if (Number(removed.numDeletedRows) === 0) return
		await writeOrder(trx, subject, await subjectOrder(trx, subject))
		await recordAudit(trx, { actor, action: 'detach', entity: 'media', entityId: id, before: subject })
		await publicPagesChanged(trx)
	})
}

/** Moves a subject's photo up, down, or to the front as its cover. */
export async function movePhoto(db: Kysely<Database>, actor: Actor, subject: Subject, id: string, move: OrderMove): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const order = await subjectOrder(trx, subject)
		if (!order.includes(id)) throw new AppError('not-found', 'That photo is no longer attached here. Reload the page.')
		const next = reorder(order, id, move)
		await writeOrder(trx, subject, next)
		await recordAudit(trx, { actor, action: `move-${move}`, entity: 'media', entityId: id, before: order, after: next })
		await publicPagesChanged(trx)
	})
}

/** A subject's photos in order, for its photo page. */
export async function subjectPhotos(db: Executor, subject: Subject): Promise<MediaItem[]> {
	const rows = await db
		.selectFrom('media_attachments')
		.innerJoin('media', 'media.id', 'media_attachments.media_id')
		.selectAll('media')
		.where('subject_kind', '=', subject.kind)
		.where('subject_key', '=', subject.key)
		.orderBy('media_attachments.position')
		.orderBy('media_attachments.created_at')
		.execute()
	return rows.map(toItem)
}

/**
 * Photos to show for several subjects of one kind, cover first: one query for
 * a whole list of package cards. Subjects without photos are absent.
 */
export async function photosFor(db: Executor, kind: SubjectKind, keys: readonly string[]): Promise<Map<string, ShownPhoto[]>> {
	const shown = new Map<string, ShownPhoto[]>()
	if (!keys.length) return shown
	const rows = await db
		.selectFrom('media_attachments')
		.innerJoin('media', 'media.id', 'media_attachments.media_id')
		.select(['media_attachments.subject_key', 'media.id', 'media.alt', 'media.focal_x', 'media.focal_y'])
		.where('subject_kind', '=', kind)
		.where('subject_key', 'in', [...new Set(keys)])
		.orderBy('media_attachments.subject_key')
		.orderBy('media_attachments.position')
		.orderBy('media_attachments.created_at')
		.execute()
	for (const row of rows) {
		const list = shown.get(row.subject_key) ?? []
		list.push({ src: mediaPath(row.id), alt: row.alt, focal: { x: row.focal_x, y: row.focal_y } })
		shown.set(row.subject_key, list)
	}
	return shown
}

/** Deletes a photo no page uses; one still in use is refused with where it shows. */
export async function deletePhoto(db: Kysely<Database>, store: MediaStore, actor: Actor, id: string): Promise<void> {
	const key = await db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('media').select(['storage_key', 'alt']).where('id', '=', id).executeTakeFirst()
		if (!row) throw photoNotFound()
		const { uses } = await trx
			.selectFrom('media_attachments')
			.select((eb) => eb.fn.countAll<number>().as('uses'))
			.where('media_id', '=', id)
			.executeTakeFirstOrThrow()
		if (Number(uses) > 0)
			throw new AppError(
				'failed-precondition',
				`This photo is shown in ${Number(uses) === 1 ? '1 place' : `${uses} places`}. Remove it from each of them first, then delete it.`,
			)
		// A concurrent attach fails on the foreign key (no cascade), so a deleted photo is never shown.
		await trx.deleteFrom('media').where('id', '=', id).execute()
		await recordAudit(trx, { actor, action: 'delete', entity: 'media', entityId: id, before: row })
		return row.storage_key
	})
	await store.remove(key)
}

/** The image route's access to library photos: looked up in the database, read from the store only when needed. */
export function libraryPhotoReader(db: Executor, store: MediaStore = mediaStore()) {
	return async (id: string) => {
		const key = await mediaStorageKey(db, id)
		return key ? { read: () => store.get(key) } : null
	}
}

/** The operator's photos for an editorial page: an activity page's activity, a destination page's island; empty for the rest. */
export async function contentPagePhotos(db: Executor, page: { path: string; activity?: string }): Promise<ShownPhoto[]> {
	const island = (Object.keys(islands) as IslandSlug[]).find((slug) => islands[slug].page === page.path)
	const subject: Subject | null = page.activity ? { kind: 'activity', key: page.activity } : island ? { kind: 'island', key: island } : null
	if (!subject) return []
	return (await photosFor(db, subject.kind, [subject.key])).get(subject.key) ?? []
}
