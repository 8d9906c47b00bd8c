import { Form, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { FERRY_OPERATOR_NAMES, FERRY_OPERATORS } from '~/features/rates/domain/pricing/constants.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { ferryIslands, islandName } from '~/features/rates/domain/options.ts'
import { saveFerryFare } from '~/features/rates/server/admin.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/ferry-fares'
import { cellInput, ErrorSummary, formFailure, formValues, rupeesInput } from './rates/shared.tsx'

/** Ferry fares: operator × route (one direction) × class, adult/child/infant sell and cost, departures. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { rows: await db().selectFrom('ferry_fares').selectAll().orderBy('from_island').orderBy('to_island').orderBy('operator').orderBy('class').execute() }
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const values = formValues(await request.formData())
	try {
		const id = /^\d+$/.test(values.id ?? '') ? Number(values.id) : null
		await saveFerryFare(db(), { id: user.id, label: user.email }, id, values)
		return redirectWithToast('/admin/ferry-fares', { title: 'Ferry fare saved' })
	} catch (error) {
		return formFailure(error, values)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Ferry fares | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

type Row = Route.ComponentProps['loaderData']['rows'][number]

function FareRow({ row, busy }: { row: Row | null; busy: boolean }) {
	const name = row ? `${FERRY_OPERATOR_NAMES[row.operator as keyof typeof FERRY_OPERATOR_NAMES] ?? row.operator} ${row.class}, ${islandName(row.from_island)} to ${islandName(row.to_island)}` : 'new fare'
	const label = (what: string) => `${what} (${name})`
	const island = (field: string, value: string) => (
		<select aria-label={label(field === 'from' ? 'From' : 'To')} name={field} defaultValue={value} className="rounded border border-slate-400 px-2 py-1">
			{ferryIslands.map((slug) => (
				<option key={slug} value={slug}>
					{islandName(slug)}
				</option>
			))}
		</select>
	)
	return (
		<Form method="post" className="flex flex-wrap items-end gap-2 border-t border-slate-100 py-2 text-sm" aria-label={row ? name : 'Add a ferry fare'}>
			<input type="hidden" name="id" value={row?.id ?? ''} />
			<select aria-label={label('Operator')} name="operator" defaultValue={row?.operator ?? 'makruzz'} className="rounded border border-slate-400 px-2 py-1">
				{FERRY_OPERATORS.map((operator) => (
					<option key={operator} value={operator}>
						{FERRY_OPERATOR_NAMES[operator]}
					</option>
				))}
			</select>
			{island('from', row?.from_island ?? 'port-blair')}
			{island('to', row?.to_island ?? 'havelock')}
			<input aria-label={label('Class')} name="class" defaultValue={row?.class ?? ''} placeholder="class" className="w-24 rounded border border-slate-400 px-2 py-1" />
			<input aria-label={label('Adult sell ₹')} name="adultSell" defaultValue={rupeesInput(row?.adult_sell)} className={cellInput} />
			<input aria-label={label('Adult cost ₹')} name="adultCost" defaultValue={rupeesInput(row?.adult_cost)} className={cellInput} />
			<input aria-label={label('Child sell ₹')} name="childSell" defaultValue={rupeesInput(row?.child_sell)} className={cellInput} />
			<input aria-label={label('Child cost ₹')} name="childCost" defaultValue={rupeesInput(row?.child_cost)} className={cellInput} />
			<input aria-label={label('Infant sell ₹')} name="infantSell" defaultValue={rupeesInput(row?.infant_sell)} className={cellInput} />
			<input aria-label={label('Infant cost ₹')} name="infantCost" defaultValue={rupeesInput(row?.infant_cost)} className={cellInput} />
			<input aria-label={label('Departures')} name="departures" defaultValue={row ? (JSON.parse(row.departures_json) as string[]).join(', ') : ''} placeholder="07:00, 13:30" className="w-32 rounded border border-slate-400 px-2 py-1" />
			<label className="flex items-center gap-1">
				<input type="checkbox" name="active" defaultChecked={row ? row.active === 1 : true} className="size-4" /> Active
			</label>
			<Button type="submit" size="sm" variant={row ? 'outline' : 'primary'} pending={busy}>
				{row ? 'Save' : 'Add fare'}
			</Button>
		</Form>
	)
}

export default function FerryFares({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const busyId = navigation.state === 'submitting' ? navigation.formData?.get('id') : undefined
	return (
		<main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Ferry fares</h1>
				<p className="mt-1 text-slate-700">One row per operator, direction and class, in rupees. Leave the child fares empty when children pay the adult fare.</p>
			</div>
			<ErrorSummary error={actionData?.error} fields={actionData?.fields} />
			<section aria-label="Add a ferry fare" className="rounded-xl border border-slate-200 bg-white px-4">
				<FareRow row={null} busy={busyId === ''} />
			</section>
			<section aria-label="Ferry fares" className="rounded-xl border border-slate-200 bg-white px-4">
				{loaderData.rows.map((row) => (
					<FareRow key={row.id} row={row} busy={busyId === String(row.id)} />
				))}
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
