import { Form } from 'react-router'
import { TableHead } from '~/components/ui/table-head.tsx'
import { Panel } from '~/components/admin/panel.tsx'
import { Button } from '~/components/ui/button.tsx'
import { genders, idTypeLabels, idTypes, maxPassengers, nationalities, type Passenger, passengerField } from '~/features/ferries/domain/passengers.ts'
import { useIsPending } from '~/lib/forms.ts'

type PassengerRowsProps = {
	passengers: readonly Passenger[]
	expected: number
	values?: Record<string, string | undefined>
	errors: Record<string, string | undefined>
	/** Exactly `expected` rows and a passport-country column (live tickets). */ live?: boolean
}

const cellInput = 'block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm aria-[invalid=true]:border-error-600'

/**
 * Passenger rows (name, age, gender, nationality, ID, passport expiry) as a
 * plain form: the saved passengers plus empty rows to add more without
 * JavaScript. Rows left without a name are ignored.
 */
export function PassengerRows({ passengers, expected, values, errors, live = false }: PassengerRowsProps) {
	const rows = live ? expected : Math.min(maxPassengers, Math.max(passengers.length + 1, expected))
	const messages = Object.entries(errors).filter(([key]) => /^p\d+/.test(key))
	return (
		<div className="space-y-3">
			{messages.length ? (
				<ul role="alert" className="list-disc rounded-md bg-error-50 p-3 pl-8 text-sm font-medium text-error-700">
					{messages.map(([key, message]) => (
						<li key={key}>{message}</li>
					))}
				</ul>
			) : null}
			<div className="overflow-x-auto">
				<table className="w-full min-w-[60rem] border-collapse text-left text-sm">
					<TableHead
						rowClassName="border-b border-slate-300"
						cellClassName="py-2 pr-2"
						columns={[
							'#',
							'Name as on ID',
							'Age',
							'Gender',
							'Nationality',
							'ID document',
							'ID number',
							'Passport expiry',
							...(live ? ['Passport country'] : []),
						]}
					/>
					<tbody>
						{Array.from({ length: rows }, (_, i) => {
							const saved = passengers[i]
							const value = (part: Parameters<typeof passengerField>[1], fallback: string | number | null | undefined) =>
								values?.[passengerField(i, part)] ?? (fallback === null || fallback === undefined ? '' : String(fallback))
							const input = (
								part: Parameters<typeof passengerField>[1],
								label: string,
								extra: Record<string, unknown> = {},
								fallback?: string | number | null,
							) => (
								<input
									aria-label={`Passenger ${i + 1} ${label}`}
									name={passengerField(i, part)}
									defaultValue={value(part, fallback)}
									aria-invalid={errors[passengerField(i, part)] ? true : undefined}
									className={cellInput}
									{...extra}
								/>
							)
							const select = (
								part: Parameters<typeof passengerField>[1],
								label: string,
								options: ReadonlyArray<[string, string]>,
								fallback?: string | null,
							) => (
								<select
									aria-label={`Passenger ${i + 1} ${label}`}
									name={passengerField(i, part)}
									defaultValue={value(part, fallback)}
									aria-invalid={errors[passengerField(i, part)] ? true : undefined}
									className={cellInput}
								>
									<option value="">Choose</option>
									{options.map(([optionValue, optionLabel]) => (
										<option key={optionValue} value={optionValue}>
											{optionLabel}
										</option>
									))}
								</select>
							)
							return (
								<tr key={i} className="border-b border-slate-100 align-top">
									<td className="py-2 pr-2 text-slate-600">{i + 1}</td>
									<td className="py-2 pr-2">{input('name', 'name', { autoComplete: 'off' }, saved?.name)}</td>
									<td className="w-20 py-2 pr-2">{input('age', 'age', { inputMode: 'numeric' }, saved?.age)}</td>
									<td className="py-2 pr-2">
										{select(
											'gender',
											'gender',
											genders.map((g) => [g, g.charAt(0).toUpperCase() + g.slice(1)]),
											saved?.gender,
										)}
									</td>
									<td className="py-2 pr-2">
										{select(
											'nationality',
											'nationality',
											nationalities.map((n) => [n, n === 'indian' ? 'Indian' : 'Foreign']),
											saved?.nationality,
										)}
									</td>
									<td className="py-2 pr-2">
										{select(
											'idType',
											'ID document',
											idTypes.map((t) => [t, idTypeLabels[t]]),
											saved?.idType,
										)}
									</td>
									<td className="py-2 pr-2">{input('idNumber', 'ID number', {}, saved?.idNumber)}</td>
									<td className="py-2 pr-2">{input('passportExpiry', 'passport expiry', { type: 'date' }, saved?.passportExpiry)}</td>
									{live ? <td className="py-2 pr-2">{input('country', 'passport country', { autoComplete: 'off' }, saved?.country)}</td> : null}
								</tr>
							)
						})}
					</tbody>
				</table>
			</div>
			<p className="text-sm text-slate-600">
				{live
					? 'Infants are passengers aged 0–1. Foreign nationals travel on their passport: give its number, expiry and country.'
					: 'Infants are passengers aged 0–1. Foreign nationals travel on their passport: give its number and expiry. Save to add more rows.'}
			</p>
		</div>
	)
}

/** The passengers panel of a ferry booking or an offline ticket: the rows as one form posting the `passengers` intent. */
export function PassengersPanel(props: PassengerRowsProps) {
	const saving = useIsPending({ intent: 'passengers' })
	return (
		<Panel title={`Passengers (${props.passengers.length})`} id="passengers-heading">
			<Form method="post" className="space-y-3" noValidate>
				<input type="hidden" name="intent" value="passengers" />
				<PassengerRows {...props} />
				<Button type="submit" pending={saving}>
					Save passengers
				</Button>
			</Form>
		</Panel>
	)
}
