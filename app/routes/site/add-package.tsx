import { Form } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { maxDays, maxStays, packageFormSchema } from '~/features/catalog/domain/package-form.ts'
import { packageCategories } from '~/features/catalog/domain/packages.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { islands, stayIslands } from '~/lib/islands.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { createPackage } from '~/features/catalog/server/packages.server.ts'
import { publicPagesChanged } from '~/server/page-cache-signal.server.ts'
import { refreshPackagePrices } from '~/features/rates/server/package-prices.server.ts'
import { getPricing } from '~/features/rates/server/rate-book.server.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/add-package'

/** The photos the site has; a package picks its main photo from these. */
const photos = [
	'hero-havelock-beach',
	'radhanagar-beach',
	'elephant-beach',
	'kalapathar-beach',
	'neil-island',
	'laxmanpur-beach',
	'port-blair',
	'cellular-jail',
	'ross-island',
	'north-bay',
	'chidiya-tapu',
	'baratang-caves',
	'snorkeling',
	'scuba-diving',
	'sea-walking',
	'bioluminescence',
	'ferry',
	'family-trip',
	'honeymoon',
	'ltc-travel',
]

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return null
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const submission = parseForm(await request.formData(), packageFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	try {
		const pkg = await createPackage(db(), submission.value, actorOf(user))
		// The "from" prices come from the rate tables, like every other package's.
		if (await refreshPackagePrices(db(), await getPricing(db()), todayInIndia(), pkg.id)) await publicPagesChanged(db())
		return redirectWithToast(`/test-packages?preview=${pkg.slug}`, {
			type: 'success',
			title: pkg.status === 'published' ? 'Package published' : 'Draft saved',
			description: `${pkg.title} is saved. This is how visitors will see it.`,
		})
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Add a package | Andaman Isles Travel' }, { name: 'robots', content: 'noindex' }]

const islandOptions = [{ value: '', label: 'Choose an island' }, ...stayIslands.map((slug) => ({ value: slug, label: islands[slug].label }))]
const dayIslandOptions = [{ value: '', label: 'Where' }, ...Object.entries(islands).map(([slug, island]) => ({ value: slug, label: island.label }))]

export default function AddPackage({ actionData }: Route.ComponentProps) {
	const lastResult = resultFor(actionData)
	const errors: Record<string, string | undefined> = errorsOf(lastResult)
	const values: Record<string, string | undefined> = valuesOf(lastResult)
	const isPending = useIsPending()
	const field = (name: string) => ({ name, defaultValue: values[name], error: errors[name] })
	return (
		<main id="main" className="mx-auto max-w-4xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Add a package', path: '/add-package' },
				]}
			/>
			<h1 className="mt-4 text-3xl font-bold">Add a catalog package</h1>
			<p className="mt-2 text-slate-700">
				Staff only. Save as a draft to check it in the <IntentLink to="/test-packages">package preview</IntentLink> before publishing. Prices per person come
				from the hotel, ferry and transfer rates for the islands and nights you set.
			</p>
			{Object.keys(errors).length ? (
				<div role="alert" className="mt-4 rounded-md bg-error-50 p-4 text-error-700">
					<p className="font-semibold">{errors.form ?? 'Some fields need attention. Each one says what to change.'}</p>
				</div>
			) : null}
			<Form method="post" className="mt-6 space-y-10" noValidate>
				<fieldset className="grid gap-4 sm:grid-cols-2">
					<legend className="mb-2 text-xl font-semibold">The package</legend>
					<Field
						label="Title"
						{...field('title')}
						required
						className="sm:col-span-2"
						hint="What travellers see first, e.g. Havelock & Neil Honeymoon: 5 Nights"
					/>
					<Field label="Web address (optional)" {...field('slug')} hint="Made from the title if left empty, e.g. havelock-neil-honeymoon-5-nights" />
					<SelectField
						label="Category"
						{...field('category')}
						options={[{ value: '', label: 'Choose a category' }, ...Object.entries(packageCategories).map(([value, label]) => ({ value, label }))]}
					/>
					<SelectField
						label="Status"
						{...field('status')}
						defaultValue={values.status ?? 'draft'}
						options={[
							{ value: 'draft', label: 'Draft (staff only)' },
							{ value: 'published', label: 'Published (public)' },
						]}
					/>
					<div className="flex items-end gap-2 pb-2">
						<input type="checkbox" id="featured" name="featured" defaultChecked={values.featured === 'on'} className="size-5" />
						<label htmlFor="featured">Feature on the home page</label>
					</div>
					<TextareaField label="Summary" {...field('summary')} rows={3} className="sm:col-span-2" hint="One or two sentences shown on the package card" />
				</fieldset>

				<fieldset>
					<legend className="mb-2 text-xl font-semibold">Stays, in travel order</legend>
					<p className="mb-3 text-sm text-slate-700">Start in Port Blair. Leave unused rows empty.</p>
					<div className="grid gap-3">
						{Array.from({ length: maxStays }, (_, i) => i + 1).map((n) => (
							<div key={n} className="grid gap-3 sm:grid-cols-2">
								<SelectField label={`Stay ${n}: island`} {...field(`stayIsland${n}`)} options={islandOptions} />
								<Field label={`Stay ${n}: nights`} type="number" min={1} max={9} inputMode="numeric" {...field(`stayNights${n}`)} />
							</div>
						))}
					</div>
				</fieldset>

				<fieldset>
					<legend className="mb-2 text-xl font-semibold">Day by day</legend>
					<p className="mb-3 text-sm text-slate-700">One day more than the nights: a 5-night package has 6 days. Leave unused days empty.</p>
					<div className="space-y-6">
						{Array.from({ length: maxDays }, (_, i) => i + 1).map((n) => (
							<div key={n} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
								<Field label={`Day ${n}: title`} {...field(`dayTitle${n}`)} className="sm:col-span-2" />
								<SelectField label={`Day ${n}: island`} {...field(`dayIsland${n}`)} options={dayIslandOptions} />
								<TextareaField label={`Day ${n}: plan`} {...field(`dayText${n}`)} rows={2} className="sm:col-span-3" />
							</div>
						))}
					</div>
				</fieldset>

				<fieldset className="grid gap-4 sm:grid-cols-3">
					<legend className="mb-2 text-xl font-semibold">What travellers get</legend>
					<TextareaField label="Highlights" {...field('highlights')} rows={5} hint="One per line" />
					<TextareaField label="Included" {...field('inclusions')} rows={5} hint="One per line" />
					<TextareaField label="Not included" {...field('exclusions')} rows={5} hint="One per line" />
				</fieldset>

				<fieldset className="grid gap-4 sm:grid-cols-2">
					<legend className="mb-2 text-xl font-semibold">Photo and search</legend>
					<SelectField
						label="Main photo"
						{...field('image')}
						options={[{ value: '', label: 'Choose a photo' }, ...photos.map((name) => ({ value: `/images/${name}.jpg`, label: name.replace(/-/g, ' ') }))]}
					/>
					<Field label="Photo description" {...field('imageAlt')} hint="What the photo shows, for people who cannot see it" />
					<Field label="Search title (optional)" {...field('seoTitle')} hint="At most 60 characters" />
					<Field label="Search description (optional)" {...field('seoDescription')} hint="At most 160 characters" />
				</fieldset>

				<fieldset className="grid gap-4">
					<legend className="mb-2 text-xl font-semibold">Questions (optional)</legend>
					{[1, 2, 3].map((n) => (
						<div key={n} className="grid gap-3 sm:grid-cols-2">
							<Field label={`Question ${n}`} {...field(`faqQ${n}`)} />
							<Field label={`Answer ${n}`} name={`faqA${n}`} defaultValue={values[`faqA${n}`]} />
						</div>
					))}
				</fieldset>

				<Button type="submit" size="lg" pending={isPending}>
					Save package
				</Button>
			</Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
