import { Form, Link, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Pager } from '~/components/pager.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField } from '~/components/ui/field.tsx'
import { issueVoucherSchema, overrideReasonOf, reissueVoucherSchema, revokeVoucherSchema } from '~/features/bookings/domain/voucher-admin-forms.ts'
import { type VoucherStatus, voucherStatuses, voucherStatusLabels } from '~/features/bookings/domain/voucher.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import type { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { env } from '~/server/env.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import { bookingsAwaitingVoucher, issueVoucher, listVouchers, reissueVoucher, revokeVoucher } from '~/features/bookings/server/vouchers.server.ts'
import type { Route } from './+types/vouchers'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const params = new URL(request.url).searchParams
	const q = params.get('q')?.trim().slice(0, 100) ?? ''
	const status = voucherStatuses.includes(params.get('status') as VoucherStatus) ? (params.get('status') as VoucherStatus) : null
	const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
	const [list, awaiting] = await Promise.all([listVouchers(db(), { q, status: status ?? undefined, page }), bookingsAwaitingVoucher(db())])
	return { ...list, q, status, awaiting }
}

type Context = { actor: Actor & { isOwner: boolean } }

async function issue(form: z.output<typeof issueVoucherSchema>, { actor }: Context) {
	const issued = await issueVoucher(db(), form.bookingId, actor, env().SITE_URL, overrideReasonOf(form))
	return redirectWithToast(form.back === 'booking' ? `/admin/pending/${form.bookingId}` : '/admin/vouchers', {
		title: 'Voucher issued',
		description: `Version ${issued.version}: /voucher/${issued.id}`,
	})
}

async function reissue(form: z.output<typeof reissueVoucherSchema>, { actor }: Context) {
	const issued = await reissueVoucher(db(), form.voucherId, actor, env().SITE_URL, overrideReasonOf(form))
	return redirectWithToast('/admin/vouchers', {
		title: 'Voucher reissued',
		description: `Version ${issued.version} replaces the old one, which now links to it.`,
	})
}

async function revoke(form: z.output<typeof revokeVoucherSchema>, { actor }: Context) {
	await revokeVoucher(db(), form.voucherId, form.reason, actor)
	return redirectWithToast('/admin/vouchers', { type: 'warning', title: 'Voucher revoked', description: 'Its page now says it is no longer valid.' })
}

const intents = { issue: intent(issueVoucherSchema, issue), reissue: intent(reissueVoucherSchema, reissue), revoke: intent(revokeVoucherSchema, revoke) }

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	return runIntent(await request.formData(), intents, {
		unknown: 'Choose what to do: issue, reissue or revoke.',
		context: () => ({ actor: { ...actorOf(user), isOwner: user.role === 'owner' } }),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Vouchers | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Vouchers({ loaderData, actionData }: Route.ComponentProps) {
	const { vouchers, total, page, pages, q, status, awaiting } = loaderData
	const pending = { issue: useIsPending({ intent: 'issue' }), reissue: useIsPending({ intent: 'reissue' }), revoke: useIsPending({ intent: 'revoke' }) }
	const pendingFormData = useNavigation().formData
	const busy = (intent: keyof typeof pending, id: string) =>
		pending[intent] && (pendingFormData?.get('voucherId') === id || pendingFormData?.get('bookingId') === id)
	const lastResult = resultFor(actionData)
	const errors = errorsOf(lastResult)
	const values = valuesOf(lastResult)
	const errorFor = (intent: string, id: string) => (actionData?.intent === intent && (values.voucherId === id || values.bookingId === id) ? errors : null)
	const href = (to: number) => `/admin/vouchers?${new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), page: String(to) })}`
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Vouchers</h1>
			{errors.form ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{errors.form}
				</p>
			) : null}

			<section aria-labelledby="awaiting-heading">
				<h2 id="awaiting-heading" className="text-lg font-semibold">
					Confirmed bookings without a valid voucher
				</h2>
				{awaiting.length === 0 ? (
					<p className="text-slate-700">Every confirmed booking has its voucher.</p>
				) : (
					<ul className="mt-2 space-y-2">
						{awaiting.map((booking) => (
							<li key={booking.id} className="flex flex-wrap items-center gap-3 rounded border border-slate-200 p-3">
								<Link to={`/admin/pending/${booking.id}`} className="font-mono">
									{booking.reference}
								</Link>
								<span>
									{booking.contact_name} · {booking.title} · arrives {formatTravelDate(booking.start_date)}
								</span>
								<Form method="post" className="ml-auto">
									<input type="hidden" name="intent" value="issue" />
									<input type="hidden" name="bookingId" value={booking.id} />
									<Button type="submit" size="sm" pending={busy('issue', booking.id)} aria-label={`Issue voucher for ${booking.reference}`}>
										Issue voucher
									</Button>
								</Form>
							</li>
						))}
					</ul>
				)}
			</section>

			<section aria-labelledby="list-heading">
				<h2 id="list-heading" className="text-lg font-semibold">
					Issued vouchers
				</h2>
				<Form method="get" className="mt-2 flex flex-wrap items-end gap-3" role="search" aria-label="Search vouchers">
					<Field label="Booking reference or traveller" name="q" defaultValue={q} className="min-w-64" />
					<SelectField
						label="Status"
						name="status"
						defaultValue={status ?? ''}
						options={[{ value: '', label: 'Any' }, ...voucherStatuses.map((value) => ({ value, label: voucherStatusLabels[value] }))]}
					/>
					<Button type="submit" variant="outline">
						Search
					</Button>
				</Form>
				<p className="mt-3 text-sm text-slate-700" aria-live="polite">
					{total === 0 ? 'No vouchers match.' : `${total} ${total === 1 ? 'voucher' : 'vouchers'}${q ? ` matching “${q}”` : ''}.`}
				</p>
				<ul className="mt-2 space-y-2">
					{vouchers.map((voucher) => {
						const revokeErrors = errorFor('revoke', voucher.id)
						return (
							<li key={voucher.id} className="rounded border border-slate-200 p-3" data-testid="voucher-row">
								<p className="flex flex-wrap items-center gap-2">
									<span className="font-mono">{voucher.reference}</span>
									<span>{voucher.leadName}</span>
									<span>· version {voucher.version}</span>
									<span className={`rounded-full px-2 text-sm ${voucher.status === 'issued' ? 'bg-success-50 text-success-700' : 'bg-slate-100'}`}>
										{voucherStatusLabels[voucher.status]}
									</span>
									<span className="text-sm text-slate-700">issued {formatTimestamp(voucher.issuedAt)}</span>
									<a href={`/voucher/${voucher.id}`} target="_blank" rel="noreferrer" className="ml-auto">
										Open voucher
									</a>
								</p>
								{voucher.revokeReason ? <p className="text-sm text-slate-700">Revoked: {voucher.revokeReason}</p> : null}
								{voucher.status === 'issued' ? (
									<div className="mt-2 flex flex-wrap items-end gap-3">
										<Form method="post">
											<input type="hidden" name="intent" value="reissue" />
											<input type="hidden" name="voucherId" value={voucher.id} />
											<Button type="submit" size="sm" variant="outline" pending={busy('reissue', voucher.id)}>
												Reissue after a change
											</Button>
										</Form>
										<Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Revoke version ${voucher.version} of ${voucher.reference}`}>
											<input type="hidden" name="intent" value="revoke" />
											<input type="hidden" name="voucherId" value={voucher.id} />
											<Field label="Reason for revoking" name="reason" defaultValue={revokeErrors ? values.reason : undefined} error={revokeErrors?.reason} />
											<Button type="submit" size="sm" variant="danger" pending={busy('revoke', voucher.id)}>
												Revoke
											</Button>
										</Form>
									</div>
								) : null}
							</li>
						)
					})}
				</ul>
				<Pager page={page} pages={pages} href={href} />
			</section>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
