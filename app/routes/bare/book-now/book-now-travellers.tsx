import { Link } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorSummary } from '~/components/ui/error-summary.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { genders, idTypes } from '~/features/bookings/domain/book-now.ts'
import { visitorTextLimits } from '~/features/leads/domain/contact-fields.ts'
import { useIsPending } from '~/lib/forms.ts'
import { TripRestated, type TripViewData } from './book-now-trip.tsx'

type Props = {
	view: TripViewData
	/** The refused post's own messages (the error summary), and with the trip's, every field's. */
	actionErrors: Record<string, string>
	errors: Record<string, string>
	posted: Record<string, string | undefined>
}

/**
 * A row per traveller with the ID ferries check, the lead's contact (as the quote's lead gave it, when
 * booking a quote), the policy, the terms and the trip said again beside the button that books it.
 */
export function TravellersSection({ view, actionErrors, errors, posted }: Props) {
	const { band, policy, draft, party, plan } = view
	const pending = useIsPending({ state: 'submitting' })
	const count = party.adults + party.childAges.length + party.infants
	const childAges = party.childAges
	const ageOf = (index: number) => (index < party.adults ? '' : index < party.adults + childAges.length ? String(childAges[index - party.adults]) : '1')
	const contact = draft?.contact
	return (
		<section aria-labelledby="travellers-heading" className="mt-8">
			<h2 id="travellers-heading" className="text-xl font-semibold">
				3. Travellers and contact
			</h2>
			<p className="mt-1 text-sm text-slate-700">
				Names and IDs as on the documents travellers will carry: ferries check them at boarding. Foreign nationals need their passport.
			</p>
			<ErrorSummary errors={actionErrors} className="mt-4" />
			<div className="mt-4 space-y-6">
				{Array.from({ length: count }, (_, i) => i + 1).map((n) => (
					<fieldset key={n} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
						<legend className="px-1 font-semibold">Traveller {n}</legend>
						<Field
							label="Full name"
							name={`t${n}Name`}
							autoComplete={n === 1 ? 'name' : 'off'}
							maxLength={visitorTextLimits.name}
							defaultValue={posted[`t${n}Name`]}
							error={errors[`t${n}Name`]}
							className="sm:col-span-2"
						/>
						<Field
							label="Age"
							name={`t${n}Age`}
							type="number"
							min={0}
							max={110}
							inputMode="numeric"
							defaultValue={posted[`t${n}Age`] ?? ageOf(n - 1)}
							error={errors[`t${n}Age`]}
						/>
						<SelectField
							label="Gender"
							name={`t${n}Gender`}
							defaultValue={posted[`t${n}Gender`]}
							error={errors[`t${n}Gender`]}
							options={[{ value: '', label: 'Choose' }, ...Object.entries(genders).map(([value, label]) => ({ value, label }))]}
						/>
						<Field
							label="Nationality"
							name={`t${n}Nationality`}
							maxLength={visitorTextLimits.nationality}
							defaultValue={posted[`t${n}Nationality`] ?? 'Indian'}
							error={errors[`t${n}Nationality`]}
						/>
						<SelectField
							label="ID"
							name={`t${n}IdType`}
							defaultValue={posted[`t${n}IdType`]}
							error={errors[`t${n}IdType`]}
							options={[{ value: '', label: 'Choose' }, ...Object.entries(idTypes).map(([value, label]) => ({ value, label }))]}
						/>
						<Field
							label="ID number"
							name={`t${n}IdNumber`}
							maxLength={visitorTextLimits.idNumber}
							defaultValue={posted[`t${n}IdNumber`]}
							error={errors[`t${n}IdNumber`]}
							className="sm:col-span-2"
						/>
						<Field
							label="Passport expiry (foreign nationals)"
							name={`t${n}PassportExpiry`}
							type="date"
							defaultValue={posted[`t${n}PassportExpiry`]}
							error={errors[`t${n}PassportExpiry`]}
						/>
					</fieldset>
				))}
				<fieldset className="grid gap-3 sm:grid-cols-2">
					<legend className="mb-1 font-semibold">Lead traveller contact</legend>
					<Field
						label="Contact name"
						name="contactName"
						autoComplete="name"
						maxLength={visitorTextLimits.name}
						defaultValue={posted.contactName ?? contact?.name}
						error={errors.contactName}
					/>
					<Field
						label="Mobile or WhatsApp"
						name="contactPhone"
						type="tel"
						maxLength={visitorTextLimits.phone}
						autoComplete="tel"
						defaultValue={posted.contactPhone ?? contact?.phone}
						error={errors.contactPhone}
					/>
					<Field
						label="Email (optional)"
						name="contactEmail"
						type="email"
						maxLength={visitorTextLimits.email}
						autoComplete="email"
						defaultValue={posted.contactEmail ?? contact?.email ?? undefined}
						error={errors.contactEmail}
						className="sm:col-span-2"
					/>
					<TextareaField
						label="Special requests (optional)"
						name="specialRequests"
						rows={3}
						maxLength={visitorTextLimits.shortMessage}
						defaultValue={posted.specialRequests}
						error={errors.specialRequests}
						className="sm:col-span-2"
					/>
				</fieldset>
				{view.channels.whatsapp || view.channels.sms ? <MessageChoice channels={view.channels} posted={posted} error={errors.whatsappOptIn} /> : null}
				<section aria-labelledby="policy-heading" className="rounded-lg bg-slate-50 p-4 text-sm">
					<h3 id="policy-heading" className="font-semibold">
						Cancellation policy
					</h3>
					{band ? (
						<p className="mt-1 font-medium text-slate-900" data-testid="cancellation-band">
							{band}
						</p>
					) : null}
					<ul className="mt-2 list-disc pl-5">
						{policy.map((tier) => (
							<li key={tier.when}>
								{tier.when}: {tier.feePercent}% of the package price
							</li>
						))}
					</ul>
				</section>
				<div>
					<div className="flex items-start gap-2">
						<input
							type="checkbox"
							id="acceptTerms"
							name="acceptTerms"
							className="mt-1 size-5"
							aria-invalid={errors.acceptTerms ? true : undefined}
							aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
						/>
						<label htmlFor="acceptTerms">
							I accept the <Link to="/terms">booking terms</Link> and the <Link to="/cancellation">cancellation policy</Link>.
						</label>
					</div>
					{errors.acceptTerms ? (
						<p id="acceptTerms-error" className="mt-1 text-sm font-medium text-error-700">
							{errors.acceptTerms}
						</p>
					) : null}
				</div>
				{draft && plan ? (
					<TripRestated draft={draft} plan={plan} />
				) : (
					<p className="rounded-lg border border-slate-200 p-4" data-testid="trip-restated">
						Choose your arrival date above first: you see the price, what is due when and the cancellation terms before anything is booked.
					</p>
				)}
				<Button type="submit" size="lg" pending={pending} name="intent" value="book">
					Book and get payment details
				</Button>
			</div>
		</section>
	)
}

/**
 * How the traveller wants to hear from us about this booking (docs/messaging.md): WhatsApp needs its own
 * ticked opt-in, as the platform requires; email always stays. Plain radios and a checkbox: no JavaScript needed.
 */
function MessageChoice({
	channels,
	posted,
	error,
}: {
	channels: { whatsapp: boolean; sms: boolean }
	posted: Record<string, string | undefined>
	error: string | undefined
}) {
	const chosen = posted.messageChannel ?? 'email'
	const options = [
		...(channels.whatsapp ? [{ value: 'whatsapp', label: 'WhatsApp' }] : []),
		...(channels.sms ? [{ value: 'sms', label: 'SMS' }] : []),
		{ value: 'email', label: 'Email only' },
	]
	return (
		<fieldset className="rounded-lg border border-slate-200 p-4" data-testid="message-choice">
			<legend className="px-1 font-semibold">Trip updates on your phone</legend>
			<p className="text-sm text-slate-700">
				Booking, payment and voucher updates, and a note the day before you travel, on the mobile number above. We email them too when you give an email.
			</p>
			<div className="mt-2 flex flex-wrap gap-4">
				{options.map((option) => (
					<label key={option.value} className="flex items-center gap-2">
						<input type="radio" name="messageChannel" value={option.value} defaultChecked={chosen === option.value} className="size-5" />
						{option.label}
					</label>
				))}
			</div>
			{channels.whatsapp ? (
				<div className="mt-3">
					<div className="flex items-start gap-2">
						<input
							type="checkbox"
							id="whatsappOptIn"
							name="whatsappOptIn"
							defaultChecked={posted.whatsappOptIn === 'on'}
							className="mt-1 size-5"
							aria-invalid={error ? true : undefined}
							aria-describedby={error ? 'whatsappOptIn-error' : 'whatsappOptIn-hint'}
						/>
						<label htmlFor="whatsappOptIn">I agree to receive messages about this booking on WhatsApp.</label>
					</div>
					<p id="whatsappOptIn-hint" className="mt-1 text-sm text-slate-700">
						Reply STOP at any time, or opt out on your trip page.
					</p>
					{error ? (
						<p id="whatsappOptIn-error" className="mt-1 text-sm font-medium text-error-700">
							{error}
						</p>
					) : null}
				</div>
			) : null}
		</fieldset>
	)
}
