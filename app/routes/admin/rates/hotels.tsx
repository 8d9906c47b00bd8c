import { Form, Link, redirect } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { CsvImportForm, importProblems } from '~/components/admin/csv-import.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { HOTEL_TIERS } from '~/features/rates/domain/pricing/constants.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { islandName, stayIslandOptions } from '~/features/rates/domain/options.ts'
import { importHotelRatesCsv, listHotels, saveHotel } from '~/features/rates/server/admin.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { intent, type Posted, runIntent } from '~/server/form-intents.server.ts'
import { refuseImport, uploadedCsv } from '~/server/csv-import.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/hotels'
import { ErrorSummary } from '~/features/rates/components/rate-form.tsx'
import { hotelFormSchema } from '~/features/rates/domain/rate-form.ts'

/** Hotels: search, filter by island and tier, paginate; add a hotel; CSV export and import of rate rows. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const url = new URL(request.url)
	const island = url.searchParams.get('island') ?? ''
	const tier = url.searchParams.get('tier') ?? ''
	const filters = {
		q: url.searchParams.get('q')?.trim().slice(0, 80) || undefined,
		island: (stayIslandOptions as readonly string[]).includes(island) ? island : undefined,
		tier: (HOTEL_TIERS as readonly string[]).includes(tier) ? tier : undefined,
		page: Number(url.searchParams.get('page')) || 1,
	}
	// Old links to the export: the file is its own resource route now.
	if (url.searchParams.get('export') === 'csv') throw redirect(`/admin/hotels/rates.csv?${exportQuery(filters)}`)
	return { ...(await listHotels(db(), filters)), filters }
}

function exportQuery(filters: { island?: string; tier?: string }): string {
	return new URLSearchParams({ ...(filters.island ? { island: filters.island } : {}), ...(filters.tier ? { tier: filters.tier } : {}) }).toString()
}

const importSchema = z.object({ intent: z.literal('import'), csv: z.string().optional() })

async function importRates(input: z.output<typeof importSchema>, actor: Actor, { formData, submission }: Posted) {
	const upload = await uploadedCsv(formData, input.csv, submission)
	if (upload.refused) return upload.refused
	const result = await importHotelRatesCsv(db(), actor, upload.csv)
	if (!result.ok) return refuseImport(submission, result.problems)
	return redirectWithToast('/admin/hotels', { title: `Imported ${result.rows} rate rows` })
}

async function addHotel(input: z.output<typeof hotelFormSchema>, actor: Actor) {
	const id = await saveHotel(db(), actor, null, input)
	return redirectWithToast(`/admin/hotels/${id}`, { title: `Added ${input.name}`, description: 'Now add its room types and rates.' })
}

const intents = { import: intent(importSchema, importRates), create: intent(hotelFormSchema, addHotel) }

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return runIntent(request.formData(), intents, { unknown: { formError: 'Choose what to save.' }, context: (): Actor => ({ id: user.id, label: user.email }) })
}

export const meta: Route.MetaFunction = () => [{ title: 'Hotels | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

const islandOptions = stayIslandOptions.map((island) => ({ value: island, label: islandName(island) }))
const tierOptions = HOTEL_TIERS.map((tier) => ({ value: tier, label: tier.charAt(0).toUpperCase() + tier.slice(1) }))

export default function Hotels({ loaderData, actionData }: Route.ComponentProps) {
	const { hotels, total, page, pages, filters } = loaderData
	const intent = actionData && 'intent' in actionData ? actionData.intent : undefined
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const fields = intent === 'create' ? errors : {}
	const values = intent === 'create' ? valuesOf(lastResult) : {}
	const adding = useIsPending({ intent: 'create' })
	const importing = useIsPending({ intent: 'import' })
	const query = (next: number) => {
		const params = new URLSearchParams()
		if (filters.q) params.set('q', filters.q)
		if (filters.island) params.set('island', filters.island)
		if (filters.tier) params.set('tier', filters.tier)
		params.set('page', String(next))
		return `?${params}`
	}
	const problems = intent === 'import' ? importProblems(errors) : []
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Hotels</h1>
				<p className="mt-1 text-slate-700">Hotels, room types and rates by meal plan and season. Package prices and the trip builder use them at once.</p>
			</div>
			<Form method="get" className="grid items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4" aria-label="Find hotels">
				<Field label="Search" name="q" type="search" defaultValue={filters.q ?? ''} />
				<SelectField label="Island" name="island" defaultValue={filters.island ?? ''} options={[{ value: '', label: 'All islands' }, ...islandOptions]} />
				<SelectField label="Tier" name="tier" defaultValue={filters.tier ?? ''} options={[{ value: '', label: 'All tiers' }, ...tierOptions]} />
				<Button type="submit" variant="outline">
					Filter
				</Button>
			</Form>
			<section aria-labelledby="list-heading">
				<h2 id="list-heading" className="text-lg font-semibold">
					{total} {total === 1 ? 'hotel' : 'hotels'}
				</h2>
				<div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
					<table className="w-full text-sm">
						<TableHead className="bg-slate-50 text-left" cellClassName="px-3 py-2" columns={['Hotel', 'Island', 'Tier', 'Stars', 'Status']} />
						<tbody>
							{hotels.map((hotel) => (
								<tr key={hotel.id} className="border-t border-slate-100">
									<td className="px-3 py-2">
										<Link to={`/admin/hotels/${hotel.id}`}>{hotel.name}</Link>
									</td>
									<td className="px-3 py-2">{islandName(hotel.island)}</td>
									<td className="px-3 py-2 capitalize">{hotel.tier}</td>
									<td className="px-3 py-2">{hotel.stars ?? '–'}</td>
									<td className="px-3 py-2">{hotel.active ? 'Active' : 'Inactive'}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
				{pages > 1 ? (
					<nav aria-label="Pages" className="mt-3 flex gap-3 text-sm">
						{page > 1 ? <Link to={query(page - 1)}>Previous page</Link> : null}
						<span>
							Page {page} of {pages}
						</span>
						{page < pages ? <Link to={query(page + 1)}>Next page</Link> : null}
					</nav>
				) : null}
			</section>
			<section aria-labelledby="add-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="add-heading" className="text-lg font-semibold">
					Add a hotel
				</h2>
				{intent !== 'import' ? <ErrorSummary result={lastResult} /> : null}
				<Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3" noValidate>
					<input type="hidden" name="intent" value="create" />
					<Field label="Hotel name" name="name" defaultValue={values.name} error={fields.name} />
					<SelectField label="Island of the hotel" name="island" defaultValue={values.island ?? 'port-blair'} options={islandOptions} error={fields.island} />
					<SelectField label="Tier of the hotel" name="tier" defaultValue={values.tier ?? 'standard'} options={tierOptions} error={fields.tier} />
					<Field label="Stars (1–5)" name="stars" inputMode="numeric" defaultValue={values.stars} error={fields.stars} />
					<Field label="Check-in" name="checkIn" defaultValue={values.checkIn ?? '12:00'} error={fields.checkIn} />
					<Field label="Check-out" name="checkOut" defaultValue={values.checkOut ?? '10:00'} error={fields.checkOut} />
					<Field label="Address" name="address" defaultValue={values.address} error={fields.address} className="sm:col-span-2" />
					<label className="flex items-center gap-2 self-end text-sm">
						<input type="checkbox" name="active" defaultChecked className="size-4" /> Active
					</label>
					<div className="sm:col-span-3">
						<Button type="submit" pending={adding}>
							Add hotel
						</Button>
					</div>
				</Form>
			</section>
			<section aria-labelledby="csv-heading" className="rounded-xl border border-slate-200 bg-white p-4">
				<h2 id="csv-heading" className="text-lg font-semibold">
					Rates as CSV
				</h2>
				<p className="mt-1 text-sm text-slate-700">
					Export, edit in a spreadsheet and import again. Prices are in rupees. If any row is wrong nothing is imported and every bad line is listed.
				</p>
				<a href={`/admin/hotels/rates.csv?${exportQuery(filters)}`} className={`${buttonClass('outline', 'sm')} mt-3`} download>
					Export rates (CSV)
				</a>
				<CsvImportForm
					id="rates-file"
					label="CSV file of rates"
					button="Import rates"
					pending={importing}
					refusal={intent === 'import' ? errors.form : undefined}
					problems={problems}
				/>
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
