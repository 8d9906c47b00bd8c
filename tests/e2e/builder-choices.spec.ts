import path from 'node:path'
import fs from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { photoFile } from '../support/test-photos.ts'
import { demoStaff, indiaDatePlus, signIn, waitForHydration } from './helpers.ts'

/**
 * Hotels and activities in the trip builder (docs/decisions/217-hotels-chosen-in-the-builder.md,
 * 218-activities-priced-in-the-builder.md): each stay shows its hotel with others on the island and
 * what each changes in the total; choosing one, or adding an activity, changes the price and the day
 * plan, with the static client (in place) and without JavaScript ("Update price").
 */
const shots = path.resolve('test-results/shots/builder-choices')
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 900 }
/** The default trip (Port Blair, Havelock 2 nights, Neil, Port Blair) on dates the demo contracts leave alone. */
const builderPath = () =>
	`/builder?start=${indiaDatePlus(50).iso}&island1=port-blair&nights1=1&island2=havelock&nights2=2&island3=neil&nights3=1&island4=port-blair&nights4=1&tier=deluxe&meal=CP&adults=2&rooms=1&transfers=airport-and-jetty`
const photoAlt = `Radhanagar Palm Resort: cottages under palms, ${Date.now().toString(36)}`

/** ₹1,23,456 → 123456; "−₹1,100" → -1100. */
function rupees(text: string | null): number {
	const value = Number((text ?? '').replace(/[^\d.]/g, ''))
	return /^\s*[−-]/.test(text ?? '') ? -value : value
}

async function total(page: Page): Promise<number> {
	return rupees(await page.getByTestId('total').textContent())
}

/** The whole page as one screen: the stays and activities below the first screen are only painted near the viewport (content-visibility). */
async function shoot(page: Page, name: string) {
	fs.mkdirSync(shots, { recursive: true })
	const viewport = page.viewportSize()!
	await page.setViewportSize({ width: viewport.width, height: await page.evaluate(() => document.documentElement.scrollHeight) })
	await page.screenshot({ path: `${shots}/${name}.png` })
	await page.setViewportSize(viewport)
}

test.describe.configure({ mode: 'serial' })

test('staff give the deluxe Havelock hotel a photo in the media library', async ({ page }) => {
	await page.goto('/admin/login?redirectTo=%2Fadmin%2Fmedia')
	await signIn(page, demoStaff.email, demoStaff.password)
	await page.goto('/admin/media')
	await waitForHydration(page)
	await page.getByLabel('Describe the photo (alt text)').fill(photoAlt)
	await page.getByLabel('Photo', { exact: true }).setInputFiles({
		name: 'radhanagar.jpg',
		mimeType: 'image/jpeg',
		buffer: Buffer.from(
			await photoFile(
				1200,
				800,
				`#${Math.floor(Math.random() * 0xffffff)
					.toString(16)
					.padStart(6, '0')}`,
			),
		),
	})
	await page.getByRole('button', { name: 'Upload' }).click()
	await expect(page.getByText('100% done')).toBeVisible()
	await page.getByRole('link', { name: `Edit photo: ${photoAlt}` }).click()
	await waitForHydration(page)
	await page.getByLabel('Show it on').selectOption({ label: 'Hotel: Radhanagar Palm Resort, Havelock' })
	await page.getByRole('button', { name: 'Attach' }).click()
	await expect(page.getByTestId('toast').filter({ hasText: 'Photo attached' })).toBeVisible()
})

for (const viewport of [desktop, phone]) {
	test.describe(`${viewport.width}×${viewport.height}`, () => {
		test.use({ viewport })

		test('with JavaScript: another hotel changes the total by its difference and the day plan; a priced activity adds its price', async ({ page }) => {
			const errors: string[] = []
			page.on('pageerror', (error) => errors.push(error.message))
			await page.goto(builderPath())
			await waitForHydration(page)
			const havelock = page.getByTestId('stay-2')
			await expect(havelock).toContainText('Radhanagar Palm Resort')
			await expect(havelock).toContainText('Our pick, in your price')
			const photo = havelock.getByRole('img', { name: photoAlt })
			await expect(photo).toBeVisible()
			expect(await photo.getAttribute('src')).toMatch(/^\/img\?url=%2Fmedia%2F/)
			expect(await photo.getAttribute('srcset')).toContain('320w')
			await expect(page.getByTestId('day-plan')).not.toContainText('Kalapathar Coral Villas')
			if (viewport === desktop) await shoot(page, `builder-${viewport.width}-before`)

			const before = await total(page)
			const option = havelock.getByRole('radio', { name: /Kalapathar Coral Villas/ })
			const difference = rupees(await havelock.locator('label').filter({ hasText: 'Kalapathar Coral Villas' }).getByTestId('hotel-price').textContent())
			expect(difference).toBeGreaterThan(0)
			await option.check()
			await expect(page.getByTestId('total')).not.toHaveText(new RegExp(`^₹${before.toLocaleString('en-IN')}$`))
			expect(await total(page)).toBe(before + difference)
			await expect(page).toHaveURL(/hotel2=/)
			await expect(page.getByTestId('day-plan')).toContainText('Check in: Kalapathar Coral Villas')
			await expect(havelock.getByRole('radio', { name: /Kalapathar Coral Villas/ })).toBeChecked()
			await expect(havelock.getByRole('radio', { name: /Kalapathar Coral Villas/ })).toBeFocused()
			// The hotel it replaced is now an alternative, cheaper by the same amount.
			await expect(havelock.locator('label', { hasText: 'Radhanagar Palm Resort' }).getByTestId('hotel-price')).toHaveText(
				`−₹${difference.toLocaleString('en-IN')}`,
			)

			// A priced activity: its price for the group is what the total grows by (within rounding).
			const scuba = page.locator('#builder-activities label').filter({ hasText: 'Scuba diving at Havelock' })
			await expect(scuba).toContainText('per person')
			await expect(scuba).toContainText(/Day 3, .* on Havelock/)
			await expect(scuba).toContainText('Ages 10 and over')
			const group = rupees((await scuba.getByTestId('activity-price').textContent())!.split('(')[1] ?? null)
			const withHotel = await total(page)
			await scuba.getByRole('checkbox').check()
			await expect(page.getByTestId('day-plan')).toContainText('Scuba diving')
			expect(Math.abs((await total(page)) - withHotel - group)).toBeLessThanOrEqual(1)
			await shoot(page, `builder-${viewport.width}-js-swapped`)
			expect(errors).toEqual([])
		})

		test.describe('without JavaScript', () => {
			test.use({ javaScriptEnabled: false })

			test('radio buttons and "Update price" swap the hotel and add an activity', async ({ page }) => {
				await page.goto(builderPath())
				const havelock = page.getByTestId('stay-2')
				const before = await total(page)
				const option = havelock.getByRole('radio', { name: /Govind Nagar Beach Huts/ })
				const difference = rupees(await havelock.locator('label').filter({ hasText: 'Govind Nagar Beach Huts' }).getByTestId('hotel-price').textContent())
				expect(difference).toBeLessThan(0)
				await option.check()
				await page.getByRole('button', { name: 'Update price' }).click()
				await expect(page).toHaveURL(/hotel2=/)
				expect(await total(page)).toBe(before + difference)
				await expect(page.getByTestId('day-plan')).toContainText('Check in: Govind Nagar Beach Huts')
				await expect(page.getByTestId('stay-2').getByRole('radio', { name: /Govind Nagar Beach Huts/ })).toBeChecked()

				const withHotel = await total(page)
				await page.getByRole('checkbox', { name: /Scuba diving at Havelock/ }).check()
				await page.getByRole('button', { name: 'Update price' }).click()
				await expect(page).toHaveURL(/activity=scuba-diving%40havelock/)
				expect(await total(page)).toBeGreaterThan(withHotel)
				await expect(page.getByTestId('day-plan')).toContainText('Scuba diving')
				await shoot(page, `builder-${viewport.width}-nojs-swapped`)

				// The chosen hotel goes on to "Book now" with the same price.
				const priced = await total(page)
				await page.getByRole('link', { name: 'Book now' }).first().click()
				await expect(page).toHaveURL(/\/book-now\?.*hotel2=/)
				await expect(page.getByText(`₹${priced.toLocaleString('en-IN')}`).first()).toBeVisible()
			})

			test('a hotel in the address that is not offered is a clear message, not an error page', async ({ page }) => {
				const response = await page.goto(`${builderPath()}&hotel2=${encodeURIComponent('not-a-hotel')}`)
				expect(response?.status()).toBe(200)
				await expect(page.getByTestId('stay-2')).toContainText('The hotel chosen for stop 2 is not offered: choose another hotel on Havelock.')
			})
		})
	})
}
