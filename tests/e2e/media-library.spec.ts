import { expect, type Page, test } from '@playwright/test'
import { hugePng, photoFile } from '../support/test-photos.ts'
import { demoStaff, fillNeilPackagePlan, signIn, waitForHydration } from './helpers.ts'

/**
 * The operator's own photos (docs/decisions/132-media-library.md): staff upload
 * a photo with its description, set its focal point, attach it to a package,
 * and the package page shows it through the image route.
 */

/**
 * A colour no earlier attempt used: the library keeps one copy of identical bytes, so a retried
 * test that uploaded the same photo again would be shown the first attempt's photo.
 */
function freshColour(): string {
	return `#${Math.floor(Math.random() * 0xffffff)
		.toString(16)
		.padStart(6, '0')}`
}

/**
 * The demo illustration on a package page's own photos, not in "You may also like" (where an
 * earlier run's package may show it).
 */
function ownIllustration(page: Page) {
	return page.locator('main img[alt="The natural rock bridge on Neil Island at low tide"]:not([aria-labelledby="related-heading"] img)')
}

/** A published package of our own, made through the staff form; returns its page address. */
async function publishPackage(page: Page, title: string): Promise<string> {
	await page.goto('/add-package')
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Category').selectOption('budget')
	await page.getByLabel('Status').selectOption('published')
	await page.getByLabel('Summary').fill('One night in Port Blair and one on Neil for its quiet beaches and the natural rock bridge.')
	await page.getByLabel('Stay 1: island').selectOption('port-blair')
	await page.getByLabel('Stay 1: nights').fill('1')
	await fillNeilPackagePlan(page)
	await page.getByRole('button', { name: 'Save package' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Package published' })).toBeVisible()
	return `/packages/${new URL(page.url()).searchParams.get('preview')}`
}

test('upload → alt text → focal point → attach to a package → the photo is on the package page', async ({ page }) => {
	// A whole journey: a package of its own, four uploads, the public page and a clean-up.
	test.setTimeout(150_000)
	await page.goto('/admin/login?redirectTo=%2Fadmin%2Fmedia')
	await signIn(page, demoStaff.email, demoStaff.password)
	const run = Date.now().toString(36)
	const title = `Neil Photo Test ${run}: 2 Nights`
	const packagePath = await publishPackage(page, title)

	await page.goto('/admin/media')
	await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible()
	await waitForHydration(page)
	const alt = `Laxmanpur rock bridge at low tide, photo ${run}`

	// Refusals, each with what to do: a text file named .jpg, a decompression bomb (a file over 5 MB is the last step).
	await page.getByLabel('Describe the photo (alt text)').fill(alt)
	await page
		.getByLabel('Photo', { exact: true })
		.setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText('That file is not a JPEG, PNG or WebP photo.')).toBeVisible()
	await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'bomb.png', mimeType: 'image/png', buffer: Buffer.from(hugePng(30_000, 30_000)) })
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText(/30000 × 30000 pixels, more than 50 megapixels/)).toBeVisible()

	// The real photo: uploaded with progress, then listed.
	await page
		.getByLabel('Photo', { exact: true })
		.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await photoFile(1600, 1000, freshColour())) })
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText('100% done')).toBeVisible()
	await page.getByRole('link', { name: `Edit photo: ${alt}` }).click()

	// The focal point: a click on the photo sets both fields.
	await expect(page.getByRole('heading', { level: 1, name: 'Photo' })).toBeVisible()
	await waitForHydration(page)
	const picker = page.getByRole('button', { name: 'Set the focal point where you click' })
	// Measured once the photo has loaded: until then the button has not its final size (a slow /img under load).
	await expect.poll(() => picker.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
	const box = (await picker.boundingBox())!
	await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } })
	await expect(page.getByLabel('Focal point across (% from the left)')).toHaveValue(/^(24|25|26)$/)
	await expect(page.getByLabel('Focal point down (% from the top)')).toHaveValue(/^(74|75|76)$/)
	// Typed values win: exact numbers for the assertion on the public page.
	await page.getByLabel('Focal point across (% from the left)').fill('30')
	await page.getByLabel('Focal point down (% from the top)').fill('70')
	await page.getByRole('button', { name: 'Save description and focal point' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Photo saved' })).toBeVisible()

	// Attach it to the package: the first photo is its cover.
	await page.getByLabel('Show it on').selectOption({ label: `Package: ${title}` })
	await page.getByRole('button', { name: 'Attach' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Photo attached' })).toBeVisible()
	await expect(page.getByText(`Package: ${title} · cover photo`)).toBeVisible()
	const photoPage = page.url()
	const id = new URL(photoPage).pathname.split('/').pop()!

	// Deleting a photo in use is not offered.
	await expect(page.getByText('This photo is in use.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Delete photo' })).toHaveCount(0)

	// The public package page: server-rendered <img> through /img, with srcset, sizes, alt and the focal point.
	const visitor = await page.context().browser()!.newPage()
	await visitor.goto(packagePath)
	const hero = visitor.getByRole('img', { name: alt })
	await expect(hero).toBeVisible()
	const src = (await hero.getAttribute('src'))!
	expect(src).toContain(`/img?url=${encodeURIComponent(`/media/${id}.webp`)}&w=`)
	const srcset = (await hero.getAttribute('srcset'))!
	expect(srcset.split(', ')).toHaveLength(8)
	expect(srcset).toContain(`url=${encodeURIComponent(`/media/${id}.webp`)}&w=320&q=80 320w`)
	expect(await hero.getAttribute('sizes')).toBeTruthy()
	expect(await hero.getAttribute('style')).toContain('object-position:30% 70%')
	expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
	const image = await visitor.request.get(src)
	expect(image.status()).toBe(200)
	expect(image.headers()['content-type']).toBe('image/webp')
	// The demo illustration is gone from this package's page.
	await expect(ownIllustration(visitor)).toHaveCount(0)
	// The cleaned full-size copy is public (og:image), and nothing else under /media is.
	expect((await visitor.request.get(`/media/${id}.webp`)).headers()['content-type']).toBe('image/webp')
	expect((await visitor.request.get('/media/../package.json')).status()).toBe(404)
	await visitor.close()

	// Removed from the package and deleted: the package shows its illustration again.
	await page.getByRole('button', { name: `Remove from ${title}` }).click()
	await expect(page.getByText('Not shown anywhere yet.')).toBeVisible()
	await page.getByRole('button', { name: 'Delete photo' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Photo deleted' })).toBeVisible()
	await expect(page.getByRole('link', { name: `Edit photo: ${alt}` })).toHaveCount(0)
	await page.goto(packagePath)
	await expect(ownIllustration(page).first()).toBeVisible()
	expect((await page.request.get(`/media/${id}.webp`)).status()).toBe(404)

	// A file over 5 MB is cut off while it streams in, with what to do. Last: the refused body's
	// connection is closed by the server (docs/security.md), and a next upload goes on a new page.
	await page.goto('/admin/media')
	await waitForHydration(page)
	const oversized = Buffer.alloc(6 * 1024 * 1024, 1)
	oversized.set([0xff, 0xd8, 0xff, 0xe0])
	await page.getByLabel('Describe the photo (alt text)').fill(alt)
	await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: oversized })
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText('The photo is larger than 5 MB. Export it at about 3000 pixels wide')).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('upload, describe and set the focal point with the x/y fields', async ({ page }) => {
		await page.goto('/admin/login?redirectTo=%2Fadmin%2Fmedia')
		await signIn(page, demoStaff.email, demoStaff.password)
		await page.goto('/admin/media')
		// No description: refused, and nothing is stored.
		await page
			.getByLabel('Photo', { exact: true })
			.setInputFiles({ name: 'jetty.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await photoFile(1200, 800, '#3d5a80')) })
		await page.getByLabel('Describe the photo (alt text)').fill('IMG_0042.jpg')
		await page.getByRole('button', { name: 'Upload' }).click()
		await expect(page.getByText('That looks like a file name.').first()).toBeVisible()
		await expect(page.getByLabel('Describe the photo (alt text)')).toHaveValue('IMG_0042.jpg')

		const alt = `Neil jetty at noon with a ferry alongside, ${Date.now().toString(36)}`
		await page.getByLabel('Describe the photo (alt text)').fill(alt)
		await page
			.getByLabel('Photo', { exact: true })
			.setInputFiles({ name: 'jetty.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await photoFile(1200, 800, freshColour())) })
		await page.getByRole('button', { name: 'Upload' }).click()
		// Straight on to the new photo's page, which says so.
		await expect(page).toHaveURL(/\/admin\/media\/[\w-]+$/)
		await expect(page.getByRole('status').filter({ hasText: 'Photo added' })).toBeVisible()
		await expect(page.getByRole('heading', { level: 1, name: 'Photo' })).toBeVisible()
		await expect(page.getByLabel('Describe the photo (alt text)')).toHaveValue(alt)
		await page.getByLabel('Focal point across (% from the left)').fill('150')
		await page.getByRole('button', { name: 'Save description and focal point' }).click()
		await expect(page.getByText('The focal point across must be from 0 to 100.')).toBeVisible()
		await page.getByLabel('Focal point across (% from the left)').fill('10')
		await page.getByLabel('Focal point down (% from the top)').fill('90')
		await page.getByRole('button', { name: 'Save description and focal point' }).click()
		// Without scripts the flash toast is a line at the top of the page.
		await expect(page.getByRole('status').filter({ hasText: 'Photo saved' })).toContainText('Pages show the new description and crop.')
		await expect(page.getByText('The focal point across must be from 0 to 100.')).toHaveCount(0)
		await page.reload()
		await expect(page.getByLabel('Focal point across (% from the left)')).toHaveValue('10')
		await expect(page.getByLabel('Focal point down (% from the top)')).toHaveValue('90')
		// Attach to an island; its page shows the photo in place of the illustration.
		await page.getByLabel('Show it on').selectOption({ label: 'Island: Diglipur' })
		await page.getByRole('button', { name: 'Attach' }).click()
		await expect(page.getByText('Island: Diglipur · cover photo')).toBeVisible()
		await page.getByRole('button', { name: 'Remove from Diglipur' }).click()
		await page.getByRole('button', { name: 'Delete photo' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible()
	})
})
