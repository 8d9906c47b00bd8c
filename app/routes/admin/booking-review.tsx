import { data, Form, Link, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { reviewActionSchema } from '~/features/bookings/domain/admin-forms.ts'
import { balanceDue, completionProblem, isBalanceOverdue } from '~/features/bookings/domain/balance.ts'
import { componentFormSchema, componentKindLabels, componentKinds, supplierStatusLabels, supplierStatuses } from '~/features/bookings/domain/components.ts'
import { voucherStatusLabels } from '~/features/bookings/domain/voucher.ts'
import { advanceDue, bookingStatusLabels, cancellationSettlement, daysBetween, paidSoFar, paymentMethodLabels, paymentMethods } from '~/features/bookings/domain/booking.ts'
import { formatTimestamp, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { isAppError } from '~/lib/errors.ts'
import { formatPhone } from '~/lib/phone.ts'
import { formatINR } from '~/lib/money.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { AgentSelect } from '~/features/agents/components/agent-select.tsx'
import { agentOptions, setBookingAgent } from '~/features/agents/server/agents.server.ts'
import { isId } from '~/lib/ids.ts'
import { cancelBooking, completeBooking, confirmBooking, getBooking, recordPayment, verifyPayment } from '~/features/bookings/server/bookings.server.ts'
import { addComponent, updateComponent } from '~/features/bookings/server/components.server.ts'
import { db } from '~/server/db/index.server.ts'
import { fieldErrors } from '~/server/forms.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { getSettings } from '~/server/settings.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { linksOfBooking } from '~/features/bookings/server/trip-links.server.ts'
import { tripParts, vouchersForBooking } from '~/features/bookings/server/vouchers.server.ts'
import { statusLabels as leadStatusLabels } from '~/features/leads/domain/status.ts'
import { unconfirmedParts } from '~/features/bookings/domain/voucher.ts'
import { InvoicesPanel } from '~/features/invoices/components/invoices-panel.tsx'
import { issueInvoiceAction } from '~/features/invoices/server/invoice-actions.server.ts'
import { invoicePanel } from '~/features/invoices/server/invoices.server.ts'
import { BookingOnlinePayments } from '~/features/payments/components/booking-online-payments.tsx'
import { onlinePaymentAction, onlinePaymentIntents, onlinePaymentsOfBooking } from '~/features/payments/server/booking-actions.server.ts'
import type { Route } from './+types/booking-review'
import { plural } from '~/lib/words.ts'
import { tierLabels } from '~/features/catalog/domain/packages.ts'
import { genders, idTypes } from '~/features/bookings/domain/book-now.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const found = await getBooking(db(), params.id)
	if (!found) throw new Response('No booking has this address.', { status: 404, statusText: 'Page Not Found' })
	const settings = await getSettings(db())
	const today = todayInIndia()
	const verified = paidSoFar(found.payments, { verifiedOnly: true })
	const balance = balanceDue(found.booking.total, found.payments)
	return {
		...found,
		agents: await agentOptions(db(), found.booking.agentId),
		vouchers: await vouchersForBooking(db(), params.id),
		invoices: await invoicePanel(db(), params.id),
		links: await linksOfBooking(db(), found.booking),
		online: (await onlinePaymentsOfBooking(params.id))!,
		unconfirmed: unconfirmedParts(await tripParts(db(), params.id)).map((part) => part.description),
		balance,
		overdue: isBalanceOverdue(found.booking, balance, today),
		completionProblem: completionProblem(found.booking, today),
		isOwner: user.role === 'owner',
		today,
		verifiedPaid: verified,
		advanceNeeded: advanceDue(found.booking.total, settings.advancePercent),
		ifCancelledToday: cancellationSettlement(found.booking.total, verified, daysBetween(today, found.booking.startDate), settings.cancellationTiers),
	}
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === 'string')) as Record<string, string>
	// Tax invoices (docs/decisions/115-gst-tax-invoices.md).
	if (values.intent === 'issue-invoice') return issueInvoiceAction(db(), params.id, values, actorOf(user))
	// Partner attribution (docs/decisions/052-agents-and-commission.md).
	if (values.intent === 'agent') {
		const agentId = values.agentId && isId(values.agentId) ? values.agentId : null
		try {
			const changed = await setBookingAgent(db(), actorOf(user), params.id, agentId)
			return redirectWithToast(`/admin/pending/${params.id}`, { title: changed ? (agentId ? 'Booking attributed to the agent' : 'Agent removed from the booking') : 'Nothing changed', type: changed ? 'success' : 'info' })
		} catch (error) {
			if (isAppError(error) && error.code === 'not-found') throw new Response('No booking has this address.', { status: 404, statusText: 'Page Not Found' })
			if (isAppError(error) && error.status < 500) return data({ intent: 'agent', errors: { ...(error.fields ?? {}), form: error.message }, values }, { status: error.status })
			throw error
		}
	}
	// Payment links and refunds (docs/payments.md).
	if (onlinePaymentIntents.has(values.intent ?? '')) return onlinePaymentAction(params.id, values, actorOf(user))
	const parsed = reviewActionSchema.safeParse(values)
	if (!parsed.success) return data({ intent: values.intent ?? null, errors: fieldErrors(parsed.error.issues), values }, { status: 400 })
	const actor = actorOf(user)
	const back = `/admin/pending/${params.id}`
	try {
		const form = parsed.data
		switch (form.intent) {
			case 'add-component':
			case 'update-component': {
				const component = componentFormSchema.safeParse(values)
				if (!component.success) return data({ intent: values.intent ?? null, errors: fieldErrors(component.error.issues), values }, { status: 400 })
				if (form.intent === 'add-component') await addComponent(db(), params.id, component.data, actor)
				else await updateComponent(db(), params.id, form.componentId, component.data, actor)
				return redirectWithToast(back, { title: form.intent === 'add-component' ? 'Component added' : 'Component saved', description: `${componentKindLabels[component.data.kind]}: ${supplierStatusLabels[component.data.supplierStatus].toLowerCase()}.` })
			}
			case 'complete':
				await completeBooking(db(), params.id, todayInIndia(), actor)
				return redirectWithToast(back, { title: 'Booking completed', description: 'The trip is over: the booking is closed.' })
			case 'record-payment': {
				const result = await recordPayment(db(), params.id, { amount: form.amount, method: form.method, reference: form.reference, paidOn: form.paidOn, verified: form.verified }, actor)
				// Back to the payments, not the top of the page: without JavaScript the anchor scrolls there (with it, the form keeps the scroll).
				return redirectWithToast(`${back}#payments-heading`, result.created ? { title: 'Payment recorded', description: `${formatINR(form.amount)} by ${paymentMethodLabels[form.method]}.` } : { type: 'info', title: 'Already recorded', description: 'A payment with this reference is already on the booking.' })
			}
			case 'verify-payment':
				await verifyPayment(db(), params.id, form.paymentId, actor)
				return redirectWithToast(back, { title: 'Payment verified' })
			case 'confirm': {
				const settings = await getSettings(db())
				await confirmBooking(db(), params.id, settings.advancePercent, { ...actor, isOwner: user.role === 'owner' }, form.overrideReason)
				return redirectWithToast(back, { title: 'Booking confirmed', description: 'Next: request the hotels, ferries and activities from suppliers.' })
			}
			case 'cancel': {
				const settings = await getSettings(db())
				const settlement = await cancelBooking(db(), params.id, form.reason, todayInIndia(), settings.cancellationTiers, actor)
				return redirectWithToast(back, { type: 'warning', title: 'Booking cancelled', description: `Fee ${formatINR(settlement.fee)}; refund due ${formatINR(settlement.refund)}.` })
			}
		}
	} catch (error) {
		if (isAppError(error) && error.status < 500) return data({ intent: values.intent ?? null, errors: { form: error.message }, values }, { status: error.status })
		throw error
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `${loaderData.booking.reference} | Andaman Isles Travel admin` : 'Booking | Andaman Isles Travel admin' },
	{ name: 'robots', content: 'noindex' },
]

export default function BookingReview({ loaderData, actionData }: Route.ComponentProps) {
	const { booking, travellers, payments, components, vouchers, invoices, links, unconfirmed, isOwner, today, verifiedPaid, advanceNeeded, ifCancelledToday, balance, overdue, completionProblem } = loaderData
	const navigation = useNavigation()
	const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	const errorsFor = (intent: string): Record<string, string | undefined> => (actionData?.intent === intent ? actionData.errors : {})
	const valuesFor = (intent: string): Record<string, string | undefined> => (actionData?.intent === intent ? actionData.values : {})
	const open = booking.status === 'pending_payment' || booking.status === 'confirmed'
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
			<div>
				<p className="font-mono text-sm text-slate-700">{booking.reference}</p>
				<h1 className="text-2xl font-semibold">{booking.title}</h1>
				<p className="mt-1">
					<span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-semibold">{bookingStatusLabels[booking.status]}</span> · arrives{' '}
					{formatTravelDate(booking.startDate)}, {plural(booking.nights, 'night')} · {tierLabels[booking.tier as keyof typeof tierLabels] ?? booking.tier} hotels
				</p>
				<TripLinks links={links} />
			</div>

			<section aria-labelledby="money-heading" className="grid gap-4 sm:grid-cols-4">
				<h2 id="money-heading" className="sr-only">
					Money
				</h2>
				{[
					['Total', formatINR(booking.total)],
					['Advance needed', formatINR(advanceNeeded)],
					['Verified payments', formatINR(verifiedPaid)],
					['Balance', formatINR(balance)],
				].map(([label, value]) => (
					<div key={label} className="rounded-lg border border-slate-200 p-4">
						<p className="text-sm text-slate-700">{label}</p>
						<p className="text-xl font-bold">{value}</p>
					</div>
				))}
				{booking.status === 'confirmed' || booking.status === 'pending_payment' ? (
					<p className={`sm:col-span-4 ${overdue ? 'font-semibold text-error-700' : 'text-slate-700'}`} data-testid="balance-due">
						{balance === 0 ? 'Paid in full.' : `Balance of ${formatINR(balance)} due by ${formatTravelDate(booking.balanceDueDate)}${overdue ? ' — overdue: remind the traveller.' : '.'}`} Trip ends{' '}
						{formatTravelDate(booking.endDate)}.
					</p>
				) : null}
			</section>

			{actionData?.errors.form ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{actionData.errors.form}
				</p>
			) : null}

			<section aria-labelledby="contact-heading">
				<h2 id="contact-heading" className="text-lg font-semibold">
					Lead traveller
				</h2>
				<p>
					{booking.contactName} · <a href={`tel:${booking.contactPhone}`}>{formatPhone(booking.contactPhone)}</a>
					{booking.contactEmail ? (
						<>
							{' '}
							· <a href={`mailto:${booking.contactEmail}`}>{booking.contactEmail}</a>
						</>
					) : null}
				</p>
				{booking.specialRequests ? <p className="mt-1 text-slate-700">Requests: {booking.specialRequests}</p> : null}
				<AgentSelect agents={loaderData.agents} current={booking.agentId} error={errorsFor('agent').agentId ?? errorsFor('agent').form} />
			</section>

			<section aria-labelledby="travellers-heading">
				<h2 id="travellers-heading" className="text-lg font-semibold">
					Travellers ({travellers.length})
				</h2>
				<div className="overflow-x-auto">
					<table className="mt-2 w-full min-w-[40rem] text-left text-sm">
						<thead>
							<tr className="border-b border-slate-300">
								<th scope="col" className="py-1 pr-3">Name</th>
								<th scope="col" className="py-1 pr-3">Age</th>
								<th scope="col" className="py-1 pr-3">Gender</th>
								<th scope="col" className="py-1 pr-3">Nationality</th>
								<th scope="col" className="py-1 pr-3">ID</th>
							</tr>
						</thead>
						<tbody>
							{travellers.map((traveller) => (
								<tr key={traveller.id} className="border-b border-slate-100">
									<td className="py-1 pr-3">{traveller.name}</td>
									<td className="py-1 pr-3">{traveller.age}</td>
									<td className="py-1 pr-3">{genders[traveller.gender as keyof typeof genders] ?? traveller.gender}</td>
									<td className="py-1 pr-3">{traveller.nationality}</td>
									<td className="py-1 pr-3 font-mono">
										{idTypes[traveller.id_type as keyof typeof idTypes] ?? traveller.id_type} {traveller.id_number}
										{traveller.passport_expiry ? ` (expires ${formatTravelDate(traveller.passport_expiry)})` : ''}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</section>

			<section aria-labelledby="payments-heading">
				<h2 id="payments-heading" className="text-lg font-semibold">
					Payments
				</h2>
				{payments.length === 0 ? <p className="text-slate-700">No payments recorded yet.</p> : null}
				<ul className="mt-2 space-y-2">
					{payments.map((payment) => (
						<li key={payment.id} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 p-3">
							<span className="font-semibold">{formatINR(payment.amount)}</span>
							<span>
								{paymentMethodLabels[payment.method as keyof typeof paymentMethodLabels]} · {payment.reference} · {formatTravelDate(payment.paid_on)}
								{payment.source === 'traveller' ? ' · sent by the traveller from the trip page' : ''}
							</span>
							{payment.flag ? <span className="font-medium text-error-700">Check: {payment.flag}</span> : null}
							{payment.verified ? (
								<span className="rounded-full bg-success-50 px-2 text-sm text-success-700">Verified</span>
							) : (
								<Form method="post">
									<input type="hidden" name="intent" value="verify-payment" />
									<input type="hidden" name="paymentId" value={payment.id} />
									<Button type="submit" size="sm" variant="outline" pending={busy('verify-payment')}>
										Mark verified
									</Button>
								</Form>
							)}
						</li>
					))}
				</ul>
				{booking.status !== 'cancelled' ? (
					<Form method="post" preventScrollReset className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2" aria-label="Record a payment">
						<input type="hidden" name="intent" value="record-payment" />
						<Field label="Amount received (₹)" name="amount" inputMode="decimal" defaultValue={valuesFor('record-payment').amount} error={errorsFor('record-payment').amount} />
						<SelectField label="Method" name="method" defaultValue={valuesFor('record-payment').method} error={errorsFor('record-payment').method} options={[{ value: '', label: 'Choose' }, ...paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))]} />
						<Field label="Reference" name="reference" defaultValue={valuesFor('record-payment').reference} error={errorsFor('record-payment').reference} hint="UPI transaction id, bank UTR, card approval code or receipt number" />
						<Field label="Date received" name="paidOn" type="date" defaultValue={valuesFor('record-payment').paidOn ?? today} error={errorsFor('record-payment').paidOn} />
						<div className="flex items-center gap-2 sm:col-span-2">
							<input type="checkbox" id="verified" name="verified" className="size-5" />
							<label htmlFor="verified">I have seen the money in the account (verified)</label>
						</div>
						<div>
							<Button type="submit" pending={busy('record-payment')}>
								Record payment
							</Button>
						</div>
					</Form>
				) : null}
			</section>

			<BookingOnlinePayments status={booking.status} balance={balance} {...loaderData.online} errorsFor={errorsFor} />

			<ComponentsSection components={components} editable={open} errorsFor={errorsFor} valuesFor={valuesFor} busy={busy} editing={actionData?.intent === 'update-component' ? (actionData.values.componentId ?? null) : null} />

			{booking.status === 'confirmed' || vouchers.length ? (
				<section aria-labelledby="vouchers-heading" className="rounded-lg border border-slate-200 p-4">
					<h2 id="vouchers-heading" className="text-lg font-semibold">
						Vouchers
					</h2>
					{vouchers.length ? (
						<ul className="mt-2 space-y-1">
							{vouchers.map((voucher) => (
								<li key={voucher.id}>
									<a href={`/voucher/${voucher.id}`} target="_blank" rel="noreferrer">
										Version {voucher.version}
									</a>{' '}
									· {voucherStatusLabels[voucher.status]} · issued {formatTimestamp(voucher.issuedAt)}
								</li>
							))}
						</ul>
					) : (
						<p className="text-slate-700">No voucher yet.</p>
					)}
					{booking.status === 'confirmed' && !vouchers.some((voucher) => voucher.status === 'issued') ? (
						<IssueVoucher bookingId={booking.id} unconfirmed={unconfirmed} isOwner={isOwner} pending={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'issue'} />
					) : (
						<p className="mt-2 text-sm">
							<Link to={`/admin/vouchers?q=${encodeURIComponent(booking.reference)}`}>Reissue or revoke in Vouchers</Link>
						</p>
					)}
				</section>
			) : null}

			{invoices ? <InvoicesPanel panel={invoices} errors={errorsFor('issue-invoice')} values={valuesFor('issue-invoice')} /> : null}

			{booking.status === 'confirmed' ? (
				<section aria-labelledby="complete-heading" className="rounded-lg border border-slate-200 p-4">
					<h2 id="complete-heading" className="text-lg font-semibold">
						After the trip
					</h2>
					<p className="text-slate-700">{completionProblem ?? 'The trip has ended: close the booking.'}</p>
					{completionProblem ? null : (
						<Form method="post" className="mt-3">
							<input type="hidden" name="intent" value="complete" />
							<Button type="submit" pending={busy('complete')}>
								Mark completed
							</Button>
						</Form>
					)}
				</section>
			) : null}

			{booking.status === 'pending_payment' ? (
				<section aria-labelledby="confirm-heading" className="rounded-lg border border-slate-200 p-4">
					<h2 id="confirm-heading" className="text-lg font-semibold">
						Confirm
					</h2>
					<p className="text-slate-700">
						{verifiedPaid >= advanceNeeded ? 'The verified payments cover the advance.' : `The advance is not covered yet: ${formatINR(advanceNeeded - verifiedPaid)} to go.`}
					</p>
					<Form method="post" className="mt-3 space-y-3">
						<input type="hidden" name="intent" value="confirm" />
						{verifiedPaid < advanceNeeded && isOwner ? (
							<TextareaField label="Owner’s override: why confirm without the advance?" name="overrideReason" rows={2} error={errorsFor('confirm').overrideReason} />
						) : null}
						<Button type="submit" pending={busy('confirm')}>
							Confirm booking
						</Button>
					</Form>
				</section>
			) : null}

			{open ? (
				<section aria-labelledby="cancel-heading" className="rounded-lg border border-red-200 p-4">
					<h2 id="cancel-heading" className="text-lg font-semibold">
						Cancel
					</h2>
					<p className="text-slate-700">
						Cancelling today: fee {ifCancelledToday.feePercent}% ({formatINR(ifCancelledToday.fee)}), refund due {formatINR(ifCancelledToday.refund)} of the verified payments.
					</p>
					<Form method="post" className="mt-3 space-y-3">
						<input type="hidden" name="intent" value="cancel" />
						<TextareaField label="Reason for cancelling" name="reason" rows={2} defaultValue={valuesFor('cancel').reason} error={errorsFor('cancel').reason} />
						<Button type="submit" variant="danger" pending={busy('cancel')}>
							Cancel booking
						</Button>
					</Form>
				</section>
			) : null}

			{booking.status === 'cancelled' ? (
				<p className="rounded-md bg-slate-50 p-4">
					Cancelled: {booking.cancelReason}. Fee {formatINR(booking.cancellationFee ?? 0)}; refund due {formatINR(booking.refundDue ?? 0)}.
				</p>
			) : null}
		</main>
	)
}

type Component = Route.ComponentProps['loaderData']['components'][number]
type FormState = (intent: string) => Record<string, string | undefined>

/** Hotel stays, activities, ferries and transfers with their supplier status; edited in place, and added by hand. */
function ComponentsSection({ components, editable, errorsFor, valuesFor, busy, editing }: { components: Component[]; editable: boolean; errorsFor: FormState; valuesFor: FormState; busy: (intent: string) => boolean; editing: string | null }) {
	return (
		<section aria-labelledby="components-heading">
			<h2 id="components-heading" className="text-lg font-semibold">
				Hotels, ferries, activities and transfers
			</h2>
			{components.length === 0 ? <p className="text-slate-700">None yet: they are planned from the package when the booking is confirmed, or add them below.</p> : null}
			<ul className="mt-2 space-y-2">
				{components.map((component) => {
					const mine = editing === component.id
					const errors = mine ? errorsFor('update-component') : {}
					const values = mine ? valuesFor('update-component') : {}
					return (
						<li key={component.id} className="rounded border border-slate-200 p-3" data-testid="component">
							<p className="flex flex-wrap items-center gap-2">
								<span className="font-semibold">{componentKindLabels[component.kind]}</span>
								<span>{component.description}</span>
								<span className={`rounded-full px-2 text-sm ${component.supplierStatus === 'confirmed' ? 'bg-success-50 text-success-700' : component.supplierStatus === 'rejected' ? 'bg-error-50 text-error-700' : 'bg-slate-100'}`}>{supplierStatusLabels[component.supplierStatus]}</span>
							</p>
							<p className="text-sm text-slate-700">
								{[component.startDate ? formatTravelDate(component.startDate) : null, component.endDate ? `to ${formatTravelDate(component.endDate)}` : null, component.time, component.supplier, component.confirmationNumber ? `Conf. ${component.confirmationNumber}` : null].filter(Boolean).join(' · ')}
							</p>
							{editable ? (
								<details open={mine} className="mt-2">
									<summary className="cursor-pointer text-sm font-medium text-primary-800">Edit {componentKindLabels[component.kind].toLowerCase()}</summary>
									<Form method="post" className="mt-2" aria-label={`Edit ${component.description}`}>
										<input type="hidden" name="intent" value="update-component" />
										<input type="hidden" name="componentId" value={component.id} />
										<ComponentFields
											errors={errors}
											defaults={{ ...{ kind: component.kind, description: component.description, startDate: component.startDate ?? '', endDate: component.endDate ?? '', time: component.time ?? '', supplier: component.supplier ?? '', supplierStatus: component.supplierStatus, confirmationNumber: component.confirmationNumber ?? '', notes: component.notes ?? '' }, ...values }}
										/>
										<Button type="submit" size="sm" className="mt-3" pending={busy('update-component')}>
											Save
										</Button>
									</Form>
								</details>
							) : null}
						</li>
					)
				})}
			</ul>
			{editable ? (
				<details open={Object.keys(errorsFor('add-component')).length > 0} className="mt-3 rounded-lg bg-slate-50 p-4">
					<summary className="cursor-pointer font-medium">Add a hotel, ferry, activity or transfer</summary>
					<Form method="post" className="mt-2" aria-label="Add a component">
						<input type="hidden" name="intent" value="add-component" />
						<ComponentFields errors={errorsFor('add-component')} defaults={{ supplierStatus: 'pending', ...valuesFor('add-component') }} />
						<Button type="submit" size="sm" className="mt-3" pending={busy('add-component')}>
							Add
						</Button>
					</Form>
				</details>
			) : null}
		</section>
	)
}

function ComponentFields({ errors, defaults }: { errors: Record<string, string | undefined>; defaults: Record<string, string | undefined> }) {
	return (
		<div className="grid gap-3 sm:grid-cols-3">
			<SelectField label="Kind" name="kind" defaultValue={defaults.kind} error={errors.kind} options={[{ value: '', label: 'Choose' }, ...componentKinds.map((kind) => ({ value: kind, label: componentKindLabels[kind] }))]} />
			<Field label="Description" name="description" className="sm:col-span-2" defaultValue={defaults.description} error={errors.description} />
			<Field label="Date (check-in)" name="startDate" type="date" defaultValue={defaults.startDate} error={errors.startDate} />
			<Field label="End date (check-out)" name="endDate" type="date" defaultValue={defaults.endDate} error={errors.endDate} />
			<Field label="Time" name="time" type="time" defaultValue={defaults.time} error={errors.time} />
			<Field label="Supplier (hotel, operator, vendor)" name="supplier" defaultValue={defaults.supplier} error={errors.supplier} />
			<SelectField label="Supplier status" name="supplierStatus" defaultValue={defaults.supplierStatus} error={errors.supplierStatus} options={supplierStatuses.map((status) => ({ value: status, label: supplierStatusLabels[status] }))} />
			<Field label="Confirmation number or PNR" name="confirmationNumber" defaultValue={defaults.confirmationNumber} error={errors.confirmationNumber} />
			<TextareaField label="Notes (pickup point, room, driver)" name="notes" rows={2} className="sm:col-span-3" defaultValue={defaults.notes} error={errors.notes} />
		</div>
	)
}

/** Where this booking came from and what hangs off it: lead, itinerary, quote and ferry bookings. */
function TripLinks({ links }: { links: Route.ComponentProps['loaderData']['links'] }) {
	const items = [
		links.lead ? (
			<li key="lead">
				Lead <Link to={`/admin/leads/${links.lead.id}`}>{links.lead.reference}</Link> ({links.lead.name}, {leadStatusLabels[links.lead.status].toLowerCase()})
			</li>
		) : null,
		links.itinerary ? (
			<li key="itinerary">
				Itinerary <Link to={`/admin/create-itinerary/${links.itinerary.id}`}>{links.itinerary.reference}</Link>
			</li>
		) : null,
		links.quote ? (
			<li key="quote">
				<Link to={`/quote/${links.quote.id}`}>Quote v{links.quote.version}</Link>
			</li>
		) : null,
		...links.ferryBookings.map((ferry) => (
			<li key={ferry.id}>
				Ferry <Link to={`/admin/ferry-bookings/${ferry.id}`}>{ferry.reference}</Link> ({ferry.route}, {formatTravelDate(ferry.date)}
				{ferry.pnr ? `, PNR ${ferry.pnr}` : ''})
			</li>
		)),
	].filter(Boolean)
	if (!items.length) return null
	return (
		<nav aria-label="This trip" className="mt-2">
			<ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm [&_a]:underline">{items}</ul>
		</nav>
	)
}

/**
 * Issuing a voucher: allowed when every part is confirmed with its number. Otherwise staff see what is
 * missing, and an owner may issue with a reason (the unconfirmed lines print "pending confirmation").
 */
function IssueVoucher({ bookingId, unconfirmed, isOwner, pending }: { bookingId: string; unconfirmed: string[]; isOwner: boolean; pending: boolean }) {
	return (
		<div className="mt-3 space-y-3">
			{unconfirmed.length ? (
				<div className="rounded-md bg-warning-50 p-3 text-sm text-slate-900" data-testid="voucher-blockers">
					<p className="font-semibold">Not confirmed yet, so no voucher:</p>
					<ul className="mt-1 list-disc pl-5">
						{unconfirmed.map((part) => (
							<li key={part}>{part}</li>
						))}
					</ul>
					<p className="mt-1">Mark each one confirmed with its confirmation number or PNR above{isOwner ? ', or issue with an override below.' : '. An owner can issue before that, with a reason.'}</p>
				</div>
			) : null}
			{!unconfirmed.length ? (
				<Form method="post" action="/admin/vouchers">
					<input type="hidden" name="intent" value="issue" />
					<input type="hidden" name="bookingId" value={bookingId} />
					<input type="hidden" name="back" value="booking" />
					<Button type="submit" pending={pending}>
						Issue voucher
					</Button>
				</Form>
			) : isOwner ? (
				<Form method="post" action="/admin/vouchers" className="flex flex-wrap items-end gap-3" aria-label="Issue with an owner’s override">
					<input type="hidden" name="intent" value="issue" />
					<input type="hidden" name="bookingId" value={bookingId} />
					<input type="hidden" name="back" value="booking" />
					<input type="hidden" name="override" value="yes" />
					<Field label="Why issue before everything is confirmed" name="overrideReason" className="min-w-72" hint="Recorded in the audit log; those lines print “pending confirmation”." />
					<Button type="submit" variant="outline" pending={pending}>
						Issue with pending confirmation
					</Button>
				</Form>
			) : null}
		</div>
	)
}

export const ErrorBoundary = RouteErrorBoundary
