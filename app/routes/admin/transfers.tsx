import { Form, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { VEHICLE_NAMES, VEHICLE_SEATS, VEHICLES } from '~/features/rates/domain/pricing/constants.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { islandName, transferIslands } from '~/features/rates/domain/options.ts'
import { saveTransferRate } from '~/features/rates/server/admin.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/transfers'
import { cellInput, ErrorSummary, formFailure, formValues, rupeesInput } from './rates/shared.tsx'

/** Car rates: island × vehicle (sedan ≤3, SUV ≤6, tempo traveller ≤12) × per transfer or per day. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { rows: await db().selectFrom('transfer_rates').selectAll().orderBy('island').orderBy('unit').orderBy('vehicle').execute() }
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const values = formValues(await request.formData())
	try {
		const id = /^\d+$/.test(values.id ?? '') ? Number(values.id) : null
		await saveTransferRate(db(), { id: user.id, label: user.email }, id, values)
		return redirectWithToast('/admin/transfers', { title: 'Transfer rate saved' })
	} catch (error) {
		return formFailure(error, values)
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Transfers | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

type Row = Route.ComponentProps['loaderData']['rows'][number]

function TransferRow({ row, busy }: { row: Row | null; busy: boolean }) {
	const name = row ? `${VEHICLE_NAMES[row.vehicle as keyof typeof VEHICLE_NAMES] ?? row.vehicle} on ${islandName(row.island)}, ${row.unit === 'per_day' ? 'per day' : 'per transfer'}` : 'new rate'
	const label = (what: string) => `${what} (${name})`
	return (
		<Form method="post" className="flex flex-wrap items-end gap-2 border-t border-slate-100 py-2 text-sm" aria-label={row ? name : 'Add a transfer rate'}>
			<input type="hidden" name="id" value={row?.id ?? ''} />
			<select aria-label={label('Island')} name="island" defaultValue={row?.island ?? 'port-blair'} className="rounded border border-slate-400 px-2 py-1">
				{transferIslands.map((island) => (
					<option key={island} value={island}>
						{islandName(island)}
					</option>
				))}
			</select>
			<select aria-label={label('Vehicle')} name="vehicle" defaultValue={row?.vehicle ?? 'sedan'} className="rounded border border-slate-400 px-2 py-1">
				{VEHICLES.map((vehicle) => (
					<option key={vehicle} value={vehicle}>
						{VEHICLE_NAMES[vehicle]} (up to {VEHICLE_SEATS[vehicle]})
					</option>
				))}
			</select>
			<select aria-label={label('Charged')} name="unit" defaultValue={row?.unit ?? 'per_transfer'} className="rounded border border-slate-400 px-2 py-1">
				<option value="per_transfer">per transfer</option>
				<option value="per_day">per day</option>
			</select>
			<input aria-label={label('Sell ₹')} name="sell" defaultValue={rupeesInput(row?.sell)} className={cellInput} />
			<input aria-label={label('Cost ₹')} name="cost" defaultValue={rupeesInput(row?.cost)} className={cellInput} />
			<input aria-label={label('Notes')} name="notes" defaultValue={row?.notes ?? ''} className="w-64 rounded border border-slate-400 px-2 py-1" />
			<label className="flex items-center gap-1">
				<input type="checkbox" name="active" defaultChecked={row ? row.active === 1 : true} className="size-4" /> Active
			</label>
			<Button type="submit" size="sm" variant={row ? 'outline' : 'primary'} pending={busy}>
				{row ? 'Save' : 'Add rate'}
			</Button>
		</Form>
	)
}

export default function Transfers({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const busyId = navigation.state === 'submitting' ? navigation.formData?.get('id') : undefined
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Transfers</h1>
				<p className="mt-1 text-slate-700">Car rates in rupees per vehicle. The engine picks the vehicles that seat the group.</p>
			</div>
			<ErrorSummary error={actionData?.error} fields={actionData?.fields} />
			<section aria-label="Add a transfer rate" className="rounded-xl border border-slate-200 bg-white px-4">
				<TransferRow row={null} busy={busyId === ''} />
			</section>
			<section aria-label="Transfer rates" className="rounded-xl border border-slate-200 bg-white px-4">
				{loaderData.rows.map((row) => (
					<TransferRow key={row.id} row={row} busy={busyId === String(row.id)} />
				))}
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
