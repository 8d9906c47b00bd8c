import { Clock } from 'lucide-react'
import { Link, redirect } from 'react-router'
import { AuthShell } from '~/features/identity/components/auth-shell.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { SignOutForm } from '~/features/identity/components/sign-out-form.tsx'
import { homePathFor, requireUser } from '~/features/identity/server/auth.server.ts'
import type { Route } from './+types/pending-approval'

/** Where a signed-in account waits until an owner approves it (docs/product.md#roles "pending"). */
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	if (user.role !== 'pending') throw redirect(homePathFor(user))
	return { name: user.displayName ?? user.email, email: user.email }
}

export const meta: Route.MetaFunction = () => [{ title: 'Waiting for approval | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function PendingApproval({ loaderData }: Route.ComponentProps) {
	return (
		<AuthShell title="Waiting for approval">
			<div className="flex gap-3">
				<Clock aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary-700" />
				<div className="space-y-3 text-slate-800">
					<p>
						Thanks, {loaderData.name}. Your account <strong>{loaderData.email}</strong> has been created. An owner needs to approve it before you can use the
						admin area.
					</p>
					<p>Ask an owner to open Team in the admin area and approve you. Then come back to this page.</p>
				</div>
			</div>
			<div className="mt-6 flex flex-wrap items-center gap-4">
				<Link to="/admin/pending-approval" reloadDocument className="font-medium">
					Check again
				</Link>
				<SignOutForm />
			</div>
		</AuthShell>
	)
}

export const ErrorBoundary = RouteErrorBoundary
