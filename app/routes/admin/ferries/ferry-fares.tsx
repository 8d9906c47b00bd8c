import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { FERRY_OPERATOR_NAMES, FERRY_OPERATORS } from '~/features/rates/domain/pricing/constants.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { ferryIslands, islandName } from '~/features/rates/domain/options.ts'
import { listFerryFares, saveFerryFare } from '~/features/rates/server/admin.server.ts'
import { saveRateRow } from '~/routes/admin/rates/rate-row-actions.server.ts'
import type { Route } from './+types/ferry-fares'
import { cellInput, RateSupplierSelect, rupeesInput } from '~/features/rates/components/rate-form.tsx'
import { rateSupplierOptions } from '~/features/suppliers/server/suppliers.server.ts'
import { RateRowForm, RateRowsEditor } from '~/features/rates/components/rate-rows.tsx'
import { rateFormSchema } from '~/features/rates/domain/rate-form.ts'

/** Ferry fares: operator × route (one direction) × class, adult/child/infant sell and cost, departures. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const rows = await listFerryFares(db())
	return {
		rows,
		suppliers: await rateSupplierOptions(
			db(),
			'ferry',
			rows.map((row) => row.supplier_id),
		),
	}
}

const ferryFareSchema = rateFormSchema([
	'id',
	'operator',
	'from',
	'to',
	'class',
	'adultSell',
	'adultCost',
	'childSell',
	'childCost',
	'infantSell',
	'infantCost',
	'departures',
	'supplierId',
	'active',
])

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return saveRateRow(db(), await request.formData(), { id: user.id, label: user.email }, ferryFareSchema, saveFerryFare, {
		back: '/admin/ferry-fares',
		toast: () => 'Ferry fare saved',
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Ferry fares | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

type Row = Route.ComponentProps['loaderData']['rows'][number]

function FareRow({ row, suppliers, busy }: { row: Row | null; suppliers: Route.ComponentProps['loaderData']['suppliers']; busy: boolean }) {
	const name = row
		? `${FERRY_OPERATOR_NAMES[row.operator as keyof typeof FERRY_OPERATOR_NAMES] ?? row.operator} ${row.class}, ${islandName(row.from_island)} to ${islandName(row.to_island)}`
		: 'new fare'
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
		<RateRowForm label={row ? name : 'Add a ferry fare'} id={row?.id} active={row ? row.active === 1 : true} busy={busy} addText="Add fare">
			<select aria-label={label('Operator')} name="operator" defaultValue={row?.operator ?? 'makruzz'} className="rounded border border-slate-400 px-2 py-1">
				{FERRY_OPERATORS.map((operator) => (
					<option key={operator} value={operator}>
						{FERRY_OPERATOR_NAMES[operator]}
					</option>
				))}
			</select>
			{island('from', row?.from_island ?? 'port-blair')}
			{island('to', row?.to_island ?? 'havelock')}
			<input
				aria-label={label('Class')}
				name="class"
				defaultValue={row?.class ?? ''}
				placeholder="class"
				className="w-24 rounded border border-slate-400 px-2 py-1"
			/>
			<input aria-label={label('Adult sell ₹')} name="adultSell" defaultValue={rupeesInput(row?.adult_sell)} className={cellInput} />
			<input aria-label={label('Adult cost ₹')} name="adultCost" defaultValue={rupeesInput(row?.adult_cost)} className={cellInput} />
			<input aria-label={label('Child sell ₹')} name="childSell" defaultValue={rupeesInput(row?.child_sell)} className={cellInput} />
			<input aria-label={label('Child cost ₹')} name="childCost" defaultValue={rupeesInput(row?.child_cost)} className={cellInput} />
			<input aria-label={label('Infant sell ₹')} name="infantSell" defaultValue={rupeesInput(row?.infant_sell)} className={cellInput} />
			<input aria-label={label('Infant cost ₹')} name="infantCost" defaultValue={rupeesInput(row?.infant_cost)} className={cellInput} />
			<input
				aria-label={label('Departures')}
				name="departures"
				defaultValue={row ? (JSON.parse(row.departures_json) as string[]).join(', ') : ''}
				placeholder="07:00, 13:30"
				className="w-32 rounded border border-slate-400 px-2 py-1"
			/>
			<RateSupplierSelect label={label('Supplier')} suppliers={suppliers} value={row?.supplier_id} />
		</RateRowForm>
	)
}

export default function FerryFares({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RateRowsEditor
			title="Ferry fares"
			addLabel="Add a ferry fare"
			listLabel="Ferry fares"
			width="max-w-7xl"
			rows={loaderData.rows}
			actionData={actionData}
			row={(row, busy) => <FareRow row={row} suppliers={loaderData.suppliers} busy={busy} />}
		>
			One row per operator, direction and class, in rupees. Leave the child fares empty when children pay the adult fare. A booking’s ferry gets the supplier
			its fare names.
		</RateRowsEditor>
	)
}

export const ErrorBoundary = RouteErrorBoundary
