import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPackage, listPackages, loadPackagePage } from '~/features/catalog/server/packages.server.ts'
import { describeEachDatabase } from '#tests/support/test-databases.ts'
import { demoPackages } from '~/server/seed/demo-packages.ts'
import {
	attachPhoto,
	contentPagePhotos,
	deletePhoto,
	detachPhoto,
	getMediaPage,
	libraryPhotoReader,
	listMedia,
	movePhoto,
	photosFor,
	subjectPhotos,
	updatePhotoDetails,
	uploadPhoto,
} from './media.server.ts'
import { filesystemMediaStore } from './store.server.ts'
import { hugePng, photoFile, photoWithGps } from '#tests/support/test-photos.ts'

const staff = { id: 'staff-1', label: 'Asha (staff)' }
const alt = 'Sunset over Radhanagar Beach with two swimmers'

describeEachDatabase('media library', (get) => {
	let root: string
	let store: ReturnType<typeof filesystemMediaStore>
	beforeAll(() => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'media-store-'))
		store = filesystemMediaStore(root)
	})
	afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

	test('an upload is cleaned: WebP, upright, at most 3072 px, no EXIF or GPS', async () => {
		const original = await photoWithGps(4000, 2000)
		// The camera's EXIF carries a GPS block (tag 0x8825 points to it).
		const gpsPointer = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))
		expect(gpsPointer((await sharp(original).metadata()).exif)).toBe(true)
		const file = new File([original], 'IMG_2041.jpg', { type: 'image/jpeg' })
		const { item, duplicate } = await uploadPhoto(get().db, store, staff, file, alt)
		expect(duplicate).toBe(false)
		expect(item).toMatchObject({ alt, width: 3072, height: 1536, focal: { x: 50, y: 50 }, originalName: 'IMG_2041.webp' })
		const stored = fs.readFileSync(path.join(root, 'media', `${item.id}.webp`))
		const meta = await sharp(stored).metadata()
		expect(meta.format).toBe('webp')
		expect(meta.exif).toBeUndefined()
		expect(gpsPointer(meta.exif)).toBe(false)
	})

	test('the same photo sent twice, even at the same moment, is one library entry', async () => {
		const bytes = await photoFile(1200, 800, '#2a9d8f')
		const [first, second] = await Promise.all([
			uploadPhoto(get().db, store, staff, new File([bytes], 'a.jpg'), alt),
			uploadPhoto(get().db, store, staff, new File([bytes], 'b.jpg'), alt),
		])
		expect(first.item.id).toBe(second.item.id)
		const third = await uploadPhoto(get().db, store, staff, new File([bytes], 'c.jpg'), alt)
		expect(third).toMatchObject({ duplicate: true, item: { id: first.item.id } })
		const rows = await get().db.selectFrom('media').select('id').where('id', '=', first.item.id).execute()
		expect(rows).toHaveLength(1)
		// The loser's stored copy is removed: one file per entry.
		const files = fs.readdirSync(path.join(root, 'media')).filter((name) => !name.endsWith('.part'))
		const count = await get()
			.db.selectFrom('media')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		expect(files).toHaveLength(Number(count.n))
	})

	test('refusals store nothing: no alt text, not a photo, a polyglot, a bomb, too narrow, too big', async () => {
		const before = fs.readdirSync(path.join(root, 'media')).length
		const jpeg = await photoFile(1200, 800, '#e76f51')
		await expect(uploadPhoto(get().db, store, staff, new File([jpeg], 'x.jpg'), '  ')).rejects.toMatchObject({
			code: 'invalid-argument',
			fields: { alt: expect.stringContaining('Describe the photo') },
		})
		await expect(
			uploadPhoto(get().db, store, staff, new File(['<html><script>alert(1)</script>'], 'beach.jpg', { type: 'image/jpeg' }), alt),
		).rejects.toMatchObject({ fields: { file: expect.stringContaining('not a JPEG') } })
		await expect(uploadPhoto(get().db, store, staff, new File(['%PDF-1.4 x'], 'beach.jpg'), alt)).rejects.toMatchObject({
			fields: { file: expect.stringContaining('not a JPEG') },
		})
		// JPEG magic bytes, then HTML: the header passes the sniff, the decoder refuses it.
		const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode('<html><script>alert(1)</script></html>')])
		await expect(uploadPhoto(get().db, store, staff, new File([fake], 'x.jpg'), alt)).rejects.toMatchObject({
			fields: { file: expect.stringContaining('could not be read') },
		})
		await expect(uploadPhoto(get().db, store, staff, new File([hugePng(20_000, 20_000)], 'bomb.png'), alt)).rejects.toMatchObject({
			fields: { file: expect.stringContaining('megapixels') },
		})
		await expect(uploadPhoto(get().db, store, staff, new File([await photoFile(400, 300)], 'small.jpg'), alt)).rejects.toMatchObject({
			fields: { file: expect.stringContaining('only 400 pixels wide') },
		})
		const big = new Uint8Array(5 * 1024 * 1024 + 1)
		big.set(jpeg)
		await expect(uploadPhoto(get().db, store, staff, new File([big], 'big.jpg'), alt)).rejects.toMatchObject({
			fields: { file: expect.stringContaining('larger than 5 MB') },
		})
		expect(fs.readdirSync(path.join(root, 'media'))).toHaveLength(before)
	})

	test('a polyglot (a real JPEG with HTML appended) is stored without its payload', async () => {
		const jpeg = await photoFile(1000, 700, '#264653')
		const polyglot = new Uint8Array(Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]))
		const { item } = await uploadPhoto(get().db, store, staff, new File([polyglot], 'poly.jpg'), alt)
		const stored = fs.readFileSync(path.join(root, 'media', `${item.id}.webp`))
		expect(stored.includes(Buffer.from('<script'))).toBe(false)
		expect((await sharp(stored).metadata()).format).toBe('webp')
	})

	test('attach, order, cover, detach; pages show the operator photos in place of the illustrations', async () => {
		const db = get().db
		const pkg = await createPackage(db, { ...demoPackages[0]!, slug: 'media-test-package', status: 'published' }, staff)
		const photos = []
		for (const colour of ['#ff0000', '#00ff00', '#0000ff'])
			photos.push((await uploadPhoto(db, store, staff, new File([await photoFile(900, 600, colour)], 'p.jpg'), `Beach photo tinted ${colour}`)).item)
		const subject = { kind: 'package' as const, key: pkg.id }
		for (const photo of photos) expect(await attachPhoto(db, staff, photo.id, subject)).toEqual({ created: true })
		// A double submit is one attachment.
		const again = await Promise.all([attachPhoto(db, staff, photos[0]!.id, subject), attachPhoto(db, staff, photos[0]!.id, subject)])
		expect(again).toEqual([{ created: false }, { created: false }])
		expect((await subjectPhotos(db, subject)).map((photo) => photo.id)).toEqual(photos.map((photo) => photo.id))

		await movePhoto(db, staff, subject, photos[2]!.id, 'cover')
		await movePhoto(db, staff, subject, photos[0]!.id, 'down')
		expect((await subjectPhotos(db, subject)).map((photo) => photo.id)).toEqual([photos[2]!.id, photos[1]!.id, photos[0]!.id])

		await updatePhotoDetails(db, staff, photos[2]!.id, { alt: 'Turquoise water at Elephant Beach', focalX: 20, focalY: 75 })
		const page = await loadPackagePage(db, 'media-test-package')
		expect(page!.pkg.images[0]).toEqual({ src: `/media/${photos[2]!.id}.webp`, alt: 'Turquoise water at Elephant Beach', focal: { x: 20, y: 75 } })
		expect(page!.pkg.images).toHaveLength(3)
		const listed = await listPackages(db, { page: 1, sort: 'recommended' } as Parameters<typeof listPackages>[1])
		expect(listed.packages.find((candidate) => candidate.id === pkg.id)!.images[0]!.src).toBe(`/media/${photos[2]!.id}.webp`)

		await detachPhoto(db, staff, photos[1]!.id, subject)
		const positions = await db.selectFrom('media_attachments').select(['media_id', 'position']).where('subject_key', '=', pkg.id).orderBy('position').execute()
		expect(positions).toEqual([
			{ media_id: photos[2]!.id, position: 0 },
			{ media_id: photos[0]!.id, position: 1 },
		])
		for (const photo of photos) await detachPhoto(db, staff, photo.id, subject)
		const back = await loadPackagePage(db, 'media-test-package')
		expect(back!.pkg.images).toEqual(demoPackages[0]!.images)
	})

	test('islands, activities and hotels take photos; unknown subjects are refused', async () => {
		const db = get().db
		const { item } = await uploadPhoto(db, store, staff, new File([await photoFile(800, 600, '#f4a261')], 'h.jpg'), 'Snorkellers over coral at Elephant Beach')
		await attachPhoto(db, staff, item.id, { kind: 'island', key: 'havelock' })
		await attachPhoto(db, staff, item.id, { kind: 'activity', key: 'snorkeling' })
		const at = new Date().toISOString()
		await db
			.insertInto('hotels')
			.values({
				id: 'HotelForMediaTest0001',
				name: 'Sea Shell',
				island: 'havelock',
				tier: 'deluxe',
				stars: 4,
				address: null,
				phone: null,
				email: null,
				check_in: '12:00',
				check_out: '10:00',
				active: 1,
				notes: null,
				created_at: at,
				updated_at: at,
			})
			.execute()
		await attachPhoto(db, staff, item.id, { kind: 'hotel', key: 'HotelForMediaTest0001' })
		expect((await photosFor(db, 'island', ['havelock', 'neil'])).get('havelock')).toEqual([
			{ src: `/media/${item.id}.webp`, alt: 'Snorkellers over coral at Elephant Beach', focal: { x: 50, y: 50 } },
		])
		expect((await photosFor(db, 'island', ['neil'])).size).toBe(0)
		// Editorial pages: a destination shows its island's photos, an activity page its activity's, other pages none.
		expect((await contentPagePhotos(db, { path: '/destinations/swaraj-dweep' }))[0]!.src).toBe(`/media/${item.id}.webp`)
		expect((await contentPagePhotos(db, { path: '/activities/snorkeling', activity: 'snorkeling' }))[0]!.alt).toBe('Snorkellers over coral at Elephant Beach')
		expect(await contentPagePhotos(db, { path: '/destinations/neil-island' })).toEqual([])
		expect(await contentPagePhotos(db, { path: '/travel-guide' })).toEqual([])
		const page = await getMediaPage(db, item.id)
		expect(page.attachments.map((attachment) => attachment.name).sort()).toEqual(['Havelock (Swaraj Dweep)', 'Sea Shell', 'Snorkelling in the Andaman Islands'])
		expect(page.subjects.find((group) => group.kind === 'hotel')!.options).toContainEqual({
			value: 'hotel:HotelForMediaTest0001',
			label: 'Sea Shell, Havelock',
		})
		await expect(attachPhoto(db, staff, item.id, { kind: 'island', key: 'atlantis' })).rejects.toMatchObject({ code: 'not-found' })
		await expect(attachPhoto(db, staff, item.id, { kind: 'package', key: 'NoSuchPackage0000000' })).rejects.toMatchObject({ code: 'not-found' })
		await expect(attachPhoto(db, staff, 'NoSuchPhoto000000000', { kind: 'island', key: 'neil' })).rejects.toMatchObject({ code: 'not-found' })
	})

	test('a photo in use cannot be deleted; once unused it goes, file and all', async () => {
		const db = get().db
		const { item } = await uploadPhoto(db, store, staff, new File([await photoFile(800, 600, '#8338ec')], 'd.jpg'), 'Ferry arriving at Neil jetty at noon')
		await attachPhoto(db, staff, item.id, { kind: 'island', key: 'neil' })
		await expect(deletePhoto(db, store, staff, item.id)).rejects.toMatchObject({
			code: 'failed-precondition',
			message: expect.stringContaining('shown in 1 place'),
		})
		await detachPhoto(db, staff, item.id, { kind: 'island', key: 'neil' })
		const reader = libraryPhotoReader(db, store)
		expect(await (await reader(item.id))!.read()).not.toBeNull()
		await deletePhoto(db, store, staff, item.id)
		expect(fs.existsSync(path.join(root, 'media', `${item.id}.webp`))).toBe(false)
		expect(await reader(item.id)).toBeNull()
		await expect(deletePhoto(db, store, staff, item.id)).rejects.toMatchObject({ code: 'not-found' })
		await expect(attachPhoto(db, staff, item.id, { kind: 'island', key: 'neil' })).rejects.toMatchObject({ code: 'not-found' })
	})

	test('the library lists newest first with how often each photo is used', async () => {
		const { items, total } = await listMedia(get().db)
		expect(items.length).toBe(total)
		expect(items.map((item) => item.createdAt)).toEqual([...items.map((item) => item.createdAt)].sort().reverse())
		expect(items.find((item) => item.alt === 'Snorkellers over coral at Elephant Beach')!.uses).toBe(3)
	})
})
