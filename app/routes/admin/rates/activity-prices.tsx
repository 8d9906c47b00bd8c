import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { activityLabel } from '~/features/rates/domain/activities.ts'
import { seasonNames } from '~/features/rates/domain/seasons.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { activityLocations, islandName } from '~/features/rates/domain/options.ts'
import { listActivityPrices, saveActivityPrice } from '~/features/rates/server/admin.server.ts'
import { saveRateRow } from '~/routes/admin/rates/rate-row-actions.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import type { Route } from './+types/activity-prices'
import { cellInput, RateSupplierSelect, rupeesInput } from '~/features/rates/components/rate-form.tsx'
import { rateSupplierOptions } from '~/features/suppliers/server/suppliers.server.ts'
import { RateRowForm, RateRowsEditor } from '~/features/rates/components/rate-rows.tsx'
import { rateFormSchema } from '~/features/rates/domain/rate-form.ts'

/** Activity × location × season: adult and child sell and cost, per person or per group. The public activity pages read these. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const [rows, settings] = await Promise.all([listActivityPrices(db()), getSettings(db())])
	return {
		rows,
		seasons: seasonNames(settings.seasons),
		suppliers: await rateSupplierOptions(
			db(),
			'activity',
			rows.map((row) => row.supplier_id),
		),
	}
}

const activityPriceSchema = rateFormSchema([
	'id',
	'activity',
	'location',
	'season',
	'unit',
	'groupSize',
	'adultSell',
	'adultCost',
	'childSell',
	'childCost',
	'duration',
	'minAge',
	'notes',
	'provider',
	'supplierId',
	'active',
])

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return saveRateRow(db(), await request.formData(), { id: user.id, label: user.email }, activityPriceSchema, saveActivityPrice, {
		back: '/admin/activity-prices',
		toast: (saved) => `${activityLabel(saved.activity ?? '')} price saved`,
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Activity prices | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

type Row = Route.ComponentProps['loaderData']['rows'][number]

/** Each field names its column above it: the grid wraps on narrow screens, so one header row could not line up. */
const columnLabel = 'flex flex-col gap-0.5 text-xs font-medium text-slate-700'

function PriceRow({
	row,
	seasons,
	suppliers,
	busy,
}: {
	row: Row | null
	seasons: string[]
	suppliers: Route.ComponentProps['loaderData']['suppliers']
	busy: boolean
}) {
	const name = row ? `${activityLabel(row.activity)} at ${islandName(row.location)}, ${row.season}` : 'new price'
	const label = (what: string) => `${what} (${name})`
	return (
		<RateRowForm label={row ? name : 'Add an activity price'} id={row?.id} active={row ? row.active === 1 : true} busy={busy} addText="Add price">
			<label className={columnLabel}>
				<span>Activity</span>
				<input
					aria-label={label('Activity')}
					name="activity"
					defaultValue={row?.activity ?? ''}
					placeholder="activity-name"
					className="w-40 rounded border border-slate-400 px-2 py-1"
				/>
			</label>
			<label className={columnLabel}>
				<span>Location</span>
				<select
					aria-label={label('Location')}
					name="location"
					defaultValue={row?.location ?? 'port-blair'}
					className="rounded border border-slate-400 px-2 py-1"
				>
					{activityLocations.map((location) => (
						<option key={location} value={location}>
							{islandName(location)}
						</option>
					))}
				</select>
			</label>
			<label className={columnLabel}>
				<span>Season</span>
				<select aria-label={label('Season')} name="season" defaultValue={row?.season ?? seasons[0]} className="rounded border border-slate-400 px-2 py-1">
					{seasons.map((season) => (
						<option key={season} value={season}>
							{season}
						</option>
					))}
				</select>
			</label>
			<label className={columnLabel}>
				<span>Charged</span>
				<select aria-label={label('Charged')} name="unit" defaultValue={row?.unit ?? 'per_person'} className="rounded border border-slate-400 px-2 py-1">
					<option value="per_person">per person</option>
					<option value="per_group">per group</option>
				</select>
			</label>
			<label className={columnLabel}>
				<span>Group size</span>
				<input
					aria-label={label('Group size')}
					name="groupSize"
					defaultValue={row?.group_size ?? ''}
					placeholder="group"
					className="w-16 rounded border border-slate-400 px-2 py-1"
				/>
			</label>
			<label className={columnLabel}>
				<span>Adult or group sell ₹</span>
				<input aria-label={label('Adult or group sell ₹')} name="adultSell" defaultValue={rupeesInput(row?.adult_sell)} className={cellInput} />
			</label>
			<label className={columnLabel}>
				<span>Adult or group cost ₹</span>
				<input aria-label={label('Adult or group cost ₹')} name="adultCost" defaultValue={rupeesInput(row?.adult_cost)} className={cellInput} />
			</label>
			<label className={columnLabel}>
				<span>Child sell ₹</span>
				<input aria-label={label('Child sell ₹')} name="childSell" defaultValue={rupeesInput(row?.child_sell)} className={cellInput} />
			</label>
			<label className={columnLabel}>
				<span>Child cost ₹</span>
				<input aria-label={label('Child cost ₹')} name="childCost" defaultValue={rupeesInput(row?.child_cost)} className={cellInput} />
			</label>
			<label className={columnLabel}>
				<span>Min age</span>
				<input
					aria-label={label('Minimum age')}
					name="minAge"
					inputMode="numeric"
					defaultValue={row?.min_age ?? ''}
					className="w-16 rounded border border-slate-400 px-2 py-1"
				/>
			</label>
			<label className={columnLabel}>
				<span>Notes</span>
				<input aria-label={label('Notes')} name="notes" defaultValue={row?.notes ?? ''} className="w-48 rounded border border-slate-400 px-2 py-1" />
			</label>
			<RateSupplierSelect label={label('Supplier')} suppliers={suppliers} value={row?.supplier_id} column={columnLabel} />
			<input type="hidden" name="provider" value={row?.provider ?? ''} />
			<input type="hidden" name="duration" value={row?.duration ?? ''} />
		</RateRowForm>
	)
}

export default function ActivityPrices({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<RateRowsEditor
			title="Activity prices"
			addLabel="Add an activity price"
			listLabel="Activity prices"
			width="max-w-7xl"
			rows={loaderData.rows}
			actionData={actionData}
			row={(row, busy) => <PriceRow row={row} seasons={loaderData.seasons} suppliers={loaderData.suppliers} busy={busy} />}
		>
			Prices in rupees. Per group: the adult columns hold the group price. The public activity pages and the trip builder read these; a booking’s activity gets
			the supplier its price names.
		</RateRowsEditor>
	)
}

export const ErrorBoundary = RouteErrorBoundary
