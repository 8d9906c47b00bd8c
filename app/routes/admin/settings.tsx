import { Form } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { InvoicingSettingsFields } from '~/features/invoices/components/invoicing-settings-fields.tsx'
import { gstRateOptions } from '~/features/invoices/domain/tax.ts'
import { seasonPlanEndsSoon } from '~/features/rates/domain/seasons.ts'
import { todayInIndia } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { requireOwner } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { maxSeasonRows } from '~/features/rates/domain/options.ts'
import { updateSettings } from '~/features/rates/server/admin.server.ts'
import { getSettings } from '~/features/settings/server/settings.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/settings'
import { ErrorSummary } from '~/features/rates/components/rate-form.tsx'

/** Rows of cancellation tiers the form shows. */
const cancellationTierRows = 5

/** Owners: seasons, markup, GST, advance, quote validity, cancellation tiers, age bands, jetty reporting time and company details. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireOwner(request)
	const settings = await getSettings(db())
	return { settings, seasonWarning: seasonPlanEndsSoon(settings.seasons, todayInIndia()) }
}

/** The fields the settings form posts, each a string as typed (the rates module checks them, one message per field). */
const settingsFieldNames = [
	...Array.from({ length: maxSeasonRows }, (_, index) => [`season${index}`, `from${index}`, `to${index}`]).flat(),
	...Array.from({ length: cancellationTierRows }, (_, index) => [`tierDays${index}`, `tierFee${index}`]).flat(),
	...[
		'markupPercent',
		'gstPercent',
		'advancePercent',
		'quoteValidityDays',
		'earliestArrivalDays',
		'balanceDueDaysBeforeStart',
		'infantMaxAge',
		'childMaxAge',
		'ferryReportingMinutes',
		'supplierChaseHours',
	],
	...[
		'companyName',
		'companyPhone',
		'companyWhatsapp',
		'companyEmail',
		'companyAddress',
		'paymentUpiId',
		'paymentBankName',
		'paymentAccountName',
		'paymentAccountNumber',
		'paymentIfsc',
		'onlineAutoConfirm',
		'quoteHoldsRooms',
		'reminderDays',
		'reminderOverdue',
	],
	...['invoiceLegalName', 'invoiceGstin', 'invoiceAddress', 'invoiceStateCode', 'invoiceBasis', 'invoicePrefix', 'creditNotePrefix'],
]
const settingsFormSchema = z.object(Object.fromEntries(settingsFieldNames.map((name) => [name, z.string().optional()])))

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireOwner(request)
	const submission = parseForm(await request.formData(), settingsFormSchema)
	if (submission.status !== 'success') return refuse(submission)
	try {
		await updateSettings(db(), { id: user.id, label: user.email }, submission.value)
	} catch (error) {
		return refuseOnAppError(submission, error)
	}
	return redirectWithToast('/admin/settings', { title: 'Settings saved', description: 'Prices on the site now use them.' })
}

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
	const { settings, seasonWarning } = loaderData
	const lastResult = resultFor(actionData)
	const fields = errorsOf(lastResult)
	const values = lastResult ? valuesOf(lastResult) : null
	const isPending = useIsPending()
	const value = (key: string, fallback: string | number) => values?.[key] ?? String(fallback)
	const rows = Math.min(maxSeasonRows, settings.seasons.length + 4)
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
				<p className="mt-1 text-slate-700">Seasons and percentages apply to every price the site and staff compute. Changes are recorded in the audit log.</p>
			</div>
			<ErrorSummary error={fields.form} fields={fields} />
			<Form method="post" className="space-y-8" noValidate>
				<fieldset className="space-y-3">
					<legend className="text-lg font-semibold">Seasons</legend>
					<p className="text-sm text-slate-700">Each date must be in exactly one season: no overlaps and no gaps. Leave a row empty to remove it.</p>
					{seasonWarning ? <p className="rounded-md bg-warning-50 p-2 text-sm text-slate-900">{seasonWarning}</p> : null}
					{fields.seasons ? (
						<p id="seasons-error" className="text-sm font-medium text-error-700">
							{fields.seasons}
						</p>
					) : null}
					<table className="text-sm">
						<thead>
							<tr className="text-left">
								<th scope="col" className="pr-3">
									Season
								</th>
								<th scope="col" className="pr-3">
									From
								</th>
								<th scope="col">To (included)</th>
							</tr>
						</thead>
						<tbody>
							{Array.from({ length: rows }, (_, index) => {
								const range = settings.seasons[index]
								return (
									<tr key={index}>
										<td className="py-1 pr-3">
											<input
												aria-label={`Season of row ${index + 1}`}
												name={`season${index}`}
												defaultValue={value(`season${index}`, range?.season ?? '')}
												className="w-28 rounded border border-slate-400 px-2 py-1"
											/>
										</td>
										<td className="py-1 pr-3">
											<input
												aria-label={`From date of row ${index + 1}`}
												type="date"
												name={`from${index}`}
												defaultValue={value(`from${index}`, range?.from ?? '')}
												className="rounded border border-slate-400 px-2 py-1"
											/>
										</td>
										<td className="py-1">
											<input
												aria-label={`To date of row ${index + 1}`}
												type="date"
												name={`to${index}`}
												defaultValue={value(`to${index}`, range?.to ?? '')}
												className="rounded border border-slate-400 px-2 py-1"
											/>
										</td>
									</tr>
								)
							})}
						</tbody>
					</table>
				</fieldset>
				<fieldset className="grid gap-4 sm:grid-cols-2">
					<legend className="mb-2 text-lg font-semibold">Prices and payments</legend>
					<Field
						label="Markup %"
						name="markupPercent"
						inputMode="decimal"
						defaultValue={value('markupPercent', settings.markupPercent)}
						error={fields.markupPercent}
						hint="Added to the supplier sell prices"
					/>
					<SelectField
						label="GST %"
						name="gstPercent"
						options={gstRateOptions.map((option) => ({ value: String(option.percent), label: option.label }))}
						defaultValue={value('gstPercent', settings.gstPercent)}
						error={fields.gstPercent}
					/>
					<Field
						label="Advance to confirm %"
						name="advancePercent"
						inputMode="decimal"
						defaultValue={value('advancePercent', settings.advancePercent)}
						error={fields.advancePercent}
					/>
					<Field
						label="Quote validity (days)"
						name="quoteValidityDays"
						inputMode="numeric"
						defaultValue={value('quoteValidityDays', settings.quoteValidityDays)}
						error={fields.quoteValidityDays}
					/>
					<div className="flex items-center gap-2 sm:col-span-2">
						<input type="checkbox" id="quoteHoldsRooms" name="quoteHoldsRooms" className="size-5" defaultChecked={settings.quoteHoldsRooms} />
						<label htmlFor="quoteHoldsRooms">A sent quote holds its hotel rooms until it expires (given back when it is declined, replaced or expires)</label>
					</div>
					<Field
						label="Earliest online arrival (days from today)"
						name="earliestArrivalDays"
						inputMode="numeric"
						defaultValue={value('earliestArrivalDays', settings.bookingRules.earliestArrivalDays)}
						error={fields.earliestArrivalDays}
					/>
					<Field
						label="Balance due (days before arrival)"
						name="balanceDueDaysBeforeStart"
						inputMode="numeric"
						defaultValue={value('balanceDueDaysBeforeStart', settings.bookingRules.balanceDueDaysBeforeStart)}
						error={fields.balanceDueDaysBeforeStart}
						hint="Trips booked later than this pay the whole amount when they book."
					/>
				</fieldset>
				<fieldset className="space-y-2">
					<legend className="text-lg font-semibold">Cancellation tiers</legend>
					{fields.tierDays0 ? <p className="text-sm font-medium text-error-700">{fields.tierDays0}</p> : null}
					{Array.from({ length: cancellationTierRows }, (_, index) => {
						const tier = settings.cancellationTiers[index]
						return (
							<div key={index} className="grid max-w-md grid-cols-2 gap-3">
								<Field
									label={`Tier ${index + 1}: from days before start`}
									name={`tierDays${index}`}
									inputMode="numeric"
									defaultValue={value(`tierDays${index}`, tier?.minDaysBefore ?? '')}
									error={index === 0 ? undefined : fields[`tierDays${index}`]}
								/>
								<Field
									label={`Tier ${index + 1}: fee %`}
									name={`tierFee${index}`}
									inputMode="decimal"
									defaultValue={value(`tierFee${index}`, tier?.feePercent ?? '')}
									error={fields[`tierFee${index}`]}
								/>
							</div>
						)
					})}
				</fieldset>
				<fieldset className="grid max-w-md grid-cols-2 gap-4">
					<legend className="mb-2 text-lg font-semibold">Age bands</legend>
					<Field
						label="Infants up to age"
						name="infantMaxAge"
						inputMode="numeric"
						defaultValue={value('infantMaxAge', settings.childAgeBands.infantMaxAge)}
						error={fields.infantMaxAge}
					/>
					<Field
						label="Children up to age"
						name="childMaxAge"
						inputMode="numeric"
						defaultValue={value('childMaxAge', settings.childAgeBands.childMaxAge)}
						error={fields.childMaxAge}
					/>
				</fieldset>
				<fieldset className="grid max-w-md gap-4">
					<legend className="mb-2 text-lg font-semibold">Ferries</legend>
					<Field
						label="Be at the jetty when the operator publishes no time (minutes before sailing)"
						name="ferryReportingMinutes"
						inputMode="numeric"
						defaultValue={value('ferryReportingMinutes', settings.ferryReportingMinutes)}
						error={fields.ferryReportingMinutes}
						hint="Only for operators that publish no reporting time (Makruzz, Green Ocean, any we do not know). Operators with published terms (ITT Majestic, Nautika, government ships) use their own time, listed on the ferries page."
					/>
				</fieldset>
				<fieldset className="grid max-w-md gap-4">
					<legend className="mb-2 text-lg font-semibold">Suppliers</legend>
					<Field
						label="Chase a supplier who has not answered after (hours)"
						name="supplierChaseHours"
						inputMode="numeric"
						defaultValue={value('supplierChaseHours', settings.supplierChaseHours)}
						error={fields.supplierChaseHours}
						hint="A confirmation request still unanswered this long after it was sent gets one reminder email; it is then listed on the dashboard under “Suppliers not answering”. 1 to 168."
					/>
				</fieldset>
				<fieldset className="grid gap-4 sm:grid-cols-2">
					<legend className="mb-2 text-lg font-semibold">Company details for vouchers</legend>
					<Field label="Company name" name="companyName" defaultValue={value('companyName', settings.company.name)} error={fields.companyName} />
					<Field label="Phone" name="companyPhone" defaultValue={value('companyPhone', settings.company.phone)} error={fields.companyPhone} />
					<Field label="WhatsApp" name="companyWhatsapp" defaultValue={value('companyWhatsapp', settings.company.whatsapp)} error={fields.companyWhatsapp} />
					<Field label="Email" name="companyEmail" type="email" defaultValue={value('companyEmail', settings.company.email)} error={fields.companyEmail} />
					<TextareaField
						label="Address"
						name="companyAddress"
						rows={2}
						defaultValue={value('companyAddress', settings.company.address)}
						error={fields.companyAddress}
						className="sm:col-span-2"
					/>
				</fieldset>
				<InvoicingSettingsFields settings={settings.invoicing} value={value} fields={fields} />
				<fieldset className="grid gap-4 sm:grid-cols-2">
					<legend className="mb-2 text-lg font-semibold">How travellers pay (shown after booking)</legend>
					<Field label="UPI id" name="paymentUpiId" defaultValue={value('paymentUpiId', settings.payment.upiId)} error={fields.paymentUpiId} />
					<Field
						label="Bank and branch"
						name="paymentBankName"
						defaultValue={value('paymentBankName', settings.payment.bankName)}
						error={fields.paymentBankName}
					/>
					<Field
						label="Account name"
						name="paymentAccountName"
						defaultValue={value('paymentAccountName', settings.payment.accountName)}
						error={fields.paymentAccountName}
					/>
					<Field
						label="Account number"
						name="paymentAccountNumber"
						defaultValue={value('paymentAccountNumber', settings.payment.accountNumber)}
						error={fields.paymentAccountNumber}
					/>
					<Field label="IFSC" name="paymentIfsc" defaultValue={value('paymentIfsc', settings.payment.ifsc)} error={fields.paymentIfsc} />
					<div className="flex items-center gap-2 sm:col-span-2">
						<input type="checkbox" id="onlineAutoConfirm" name="onlineAutoConfirm" className="size-5" defaultChecked={settings.onlinePayments.autoConfirm} />
						<label htmlFor="onlineAutoConfirm">Confirm a booking by itself once its advance is paid online (the gateway has verified the money)</label>
					</div>
				</fieldset>
				<fieldset className="grid gap-4 sm:grid-cols-2">
					<legend className="mb-2 text-lg font-semibold">Payment reminders</legend>
					<p className="text-sm text-slate-700 sm:col-span-2">
						Confirmed bookings with a balance get an email (and staff a WhatsApp text on the booking) on these days before the balance is due. Once per booking
						and day; never for cancelled or paid bookings.
					</p>
					<Field
						label="Days before the due date"
						name="reminderDays"
						inputMode="numeric"
						maxLength={40}
						defaultValue={value('reminderDays', settings.paymentReminders.daysBefore.join(', '))}
						error={fields.reminderDays}
						hint="Whole days separated by commas, e.g. 7, 2. Leave empty for none."
					/>
					<div className="flex items-center gap-2 self-center">
						<input type="checkbox" id="reminderOverdue" name="reminderOverdue" className="size-5" defaultChecked={settings.paymentReminders.whenOverdue} />
						<label htmlFor="reminderOverdue">Remind once more the day the balance falls overdue</label>
					</div>
				</fieldset>
				<Button type="submit" pending={isPending}>
					Save settings
				</Button>
			</Form>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
