import { expect, test } from '@playwright/test'
import { demoStaff, fillNeilPackagePlan, signIn } from './helpers.ts'

test('visitors who are not staff are sent to sign in', async ({ page }) => {
	await page.goto('/add-package')
	await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadd-package/)
	await page.goto('/test-packages')
	await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Ftest-packages/)
})

test('staff add a draft package, preview it, and visitors cannot see it', async ({ page }) => {
	const title = `Neil Slow Days Test ${Date.now().toString(36)}: 2 Nights`
	await page.goto('/admin/login?redirectTo=%2Fadd-package')
	await signIn(page, demoStaff.email, demoStaff.password)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a catalog package')

	// A first try with a mistake: the form keeps everything and says what to fix.
	await page.getByLabel('Title', { exact: true }).fill(title)
	await page.getByLabel('Category').selectOption('budget')
	await page.getByLabel('Summary').fill('One night in Port Blair and one on Neil for its quiet beaches and the natural rock bridge.')
	await page.getByLabel('Stay 1: island').selectOption('havelock')
	await page.getByLabel('Stay 1: nights').fill('1')
	await page.getByRole('button', { name: 'Save package' }).click()
	await expect(page.getByText('Trips start in Port Blair (Sri Vijaya Puram), where the airport is.')).toBeVisible()
	await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)

	await page.getByLabel('Stay 1: island').selectOption('port-blair')
	await fillNeilPackagePlan(page)
	await page.getByRole('button', { name: 'Save package' }).click()

	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
	await expect(page.getByRole('note')).toContainText('this package is a draft')
	await expect(page.getByTestId('toast').filter({ hasText: 'Draft saved' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Day 3: Bharatpur and back' })).toBeVisible()
	// Its price comes from the rates, not from anything typed.
	await expect(page.getByRole('row', { name: /Standard hotels/ })).toContainText(/from ₹[\d,]+(\.\d\d)?/)

	// Visitors: not in the list, and its address is a 404.
	const slug = new URL(page.url()).searchParams.get('preview')!
	const visitor = await page.context().browser()!.newPage()
	const response = await visitor.goto(`/packages/${slug}`)
	expect(response?.status()).toBe(404)
	await visitor.close()
})
