import { Form, Link } from 'react-router'
import { FormError } from '~/components/admin/panel.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ScrollRegion } from '~/components/ui/scroll-region.tsx'
import { TableHead } from '~/components/ui/table-head.tsx'
import { decideCreditBooking, listAwaitingCredit } from '~/features/agents/server/agent-credit.server.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { actorOf } from '~/features/identity/server/users.server.ts'
import { formatTimestamp, formatTravelDate } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { isId } from '~/lib/ids.ts'
import { formatINR } from '~/lib/money.ts'
import { z } from '~/lib/zod.ts'
import type { Actor } from '~/server/db/audit.server.ts'
import { db } from '~/server/db/index.server.ts'
import { intent, runIntent } from '~/server/form-intents.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/agent-credit'

/** Agency bookings beyond their available credit, waiting for staff to approve or refuse (docs/decisions/224-agent-credit-accounting-and-atomicity.md). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	return { waiting: await listAwaitingCredit(db()) }
}

const decisionSchema = z.object({ bookingId: z.string({ message: 'Choose a booking from the list.' }).refine(isId, 'Choose a booking from the list.') })

function decide(decision: 'approve' | 'refuse') {
	return async (input: z.output<typeof decisionSchema>, { actor }: { actor: Actor }) => {
		await decideCreditBooking(db(), actor, input.bookingId, decision)
		return redirectWithToast('/admin/agent-credit', {
			title: decision === 'approve' ? 'Approved: the booking is confirmed on credit' : 'Refused: the agency pays before it is confirmed',
		})
	}
}

const intents = { approve: intent(decisionSchema, decide('approve')), refuse: intent(decisionSchema, decide('refuse')) }

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireStaff(request)
	const formData = await request.formData()
	return runIntent(formData, intents, {
		unknown: { formError: 'Choose approve or refuse.' },
		missing: 'That booking is no longer waiting. Reload the list.',
		context: () => ({ actor: actorOf(user) }),
	})
}

export const meta: Route.MetaFunction = () => [{ title: 'Agent credit approvals | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function AgentCredit({ loaderData, actionData }: Route.ComponentProps) {
	const errors = errorsOf(resultFor(actionData))
	const approving = useIsPending({ intent: 'approve' })
	const refusing = useIsPending({ intent: 'refuse' })
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<h1 className="text-2xl font-semibold">Agent credit approvals</h1>
			<p className="text-slate-700">
				Agency bookings beyond the agency’s available credit, or with a hotel on request (confirm the rooms first). Approve to confirm on credit (beyond the
				limit), or refuse: the agency then pays before the booking is confirmed.
			</p>
			<FormError error={errors.form} />
			{loaderData.waiting.length ? (
				<ScrollRegion label="Bookings waiting for credit approval">
					<table className="w-full border-collapse text-left text-sm">
						<TableHead
							rowClassName="border-b border-slate-300"
							cellClassName="py-2 pr-3"
							columns={[
								'Booking',
								'Agency',
								'Trip',
								{ label: 'Net', className: 'text-right' },
								{ label: 'Available credit', className: 'text-right' },
								'Booked',
								'Decision',
							]}
						/>
						<tbody>
							{loaderData.waiting.map((row) => (
								<tr key={row.id} className="border-b border-slate-100 align-top">
									<td className="py-2 pr-3 font-mono">
										<Link to={`/admin/pending/${row.id}`}>{row.reference}</Link>
									</td>
									<td className="py-2 pr-3">
										<Link to={`/admin/agents/${row.agentId}`}>{row.company}</Link>
									</td>
									<td className="py-2 pr-3">
										{row.title}, {formatTravelDate(row.startDate)}
										<p className="text-slate-700">Waiting: {row.reason}</p>
									</td>
									<td className="py-2 pr-3 text-right">{formatINR(row.net)}</td>
									<td className="py-2 pr-3 text-right">{formatINR(row.available)}</td>
									<td className="py-2 pr-3">{formatTimestamp(row.createdAt)}</td>
									<td className="py-2 pr-3">
										<div className="flex flex-wrap gap-2">
											<Form method="post">
												<input type="hidden" name="bookingId" value={row.id} />
												<Button type="submit" name="intent" value="approve" pending={approving} aria-label={`Approve ${row.reference} on credit`}>
													Approve
												</Button>
											</Form>
											<Form method="post">
												<input type="hidden" name="bookingId" value={row.id} />
												<Button
													type="submit"
													name="intent"
													value="refuse"
													variant="outline"
													pending={refusing}
													aria-label={`Refuse credit for ${row.reference}`}
												>
													Refuse
												</Button>
											</Form>
										</div>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</ScrollRegion>
			) : (
				<p className="text-slate-700">No agency booking is waiting for credit approval.</p>
			)}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
