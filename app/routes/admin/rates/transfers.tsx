import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { VEHICLE_NAMES, VEHICLE_SEATS, VEHICLES } from '~/features/rates/domain/pricing/constants.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { islandName, transferIslands } from '~/features/rates/domain/options.ts'
import { listTransferRates, saveTransferRate } from '~/features/rates/server/admin.server.ts'
import { saveRateRow } from '~/routes/admin/rates/rate-row-actions.server.ts'
import type { Route } from './+types/transfers'
import { cellInput, RateSupplierSelect, rupeesInput } from '~/features/rates/components/rate-form.tsx'
import { rateSupplierOptions } from '~/features/suppliers/server/suppliers.server.ts'
import { RateRowForm, RateRowsEditor } from '~/features/rates/components/rate-rows.tsx'
import { rateFormSchema } from '~/features/rates/domain/rate-form.ts'

/** Car rates: island × vehicle (sedan ≤3, SUV ≤6, tempo traveller ≤12) × per transfer or per day. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const rows = await listTransferRates(db())
	return {
		rows,
		suppliers: await rateSupplierOptions(
			db(),
			'transfer',
			rows.map((row) => row.supplier_id),
		),
	}
}

const transferRateSchema = rateFormSchema(['id', 'island', 'vehicle', 'unit', 'sell', 'cost', 'notes', 'supplierId', 'active'])

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return saveRateRow(db(), await request.formData(), { id: user.id, label: user.email }, transferRateSchema, saveTransferRate, {
		back: '/admin/transfers',
		toast: () => 'Transfer rate saved',
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Transfers | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

type Row = Route.ComponentProps['loaderData']['rows'][number]

function TransferRow({ row, suppliers, busy }: { row: Row | null; suppliers: Route.ComponentProps['loaderData']['suppliers']; busy: boolean }) {
	const name = row
		? `${VEHICLE_NAMES[row.vehicle as keyof typeof VEHICLE_NAMES] ?? row.vehicle} on ${islandName(row.island)}, ${row.unit === 'per_day' ? 'per day' : 'per transfer'}`
		: 'new rate'
	const label = (what: string) => `${what} (${name})`
	return (
		<RateRowForm label={row ? name : 'Add a transfer rate'} id={row?.id} active={row ? row.active === 1 : true} busy={busy} addText="Add rate">
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
			<RateSupplierSelect label={label('Supplier')} suppliers={suppliers} value={row?.supplier_id} />
		</RateRowForm>
	)
}

export default function Transfers({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RateRowsEditor
			title="Transfers"
			addLabel="Add a transfer rate"
			listLabel="Transfer rates"
			width="max-w-6xl"
			rows={loaderData.rows}
			actionData={actionData}
			row={(row, busy) => <TransferRow row={row} suppliers={loaderData.suppliers} busy={busy} />}
		>
			Car rates in rupees per vehicle. The engine picks the vehicles that seat the group; a booking’s transfers get the supplier their rates name.
		</RateRowsEditor>
	)
}

export const ErrorBoundary = RouteErrorBoundary
