import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, Form } from 'react-router'
import { requireTestRoutes } from './enabled.server.ts'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { toast } from '~/components/ui/toast.tsx'
import { Tooltip, TooltipProvider } from '~/components/ui/tooltip.tsx'
import { safeRedirect } from '~/lib/utils.ts'
import { redirectWithToast } from '~/server/toast.server.ts'

/** A page for browser tests of toasts and tooltips. Off unless ENABLE_TEST_ROUTES is set. */
export function loader({ request }: LoaderFunctionArgs) {
	requireTestRoutes(request)
	return null
}

export async function action({ request }: ActionFunctionArgs) {
	requireTestRoutes(request)
	// Browser tests send the toast to other pages too (tests/e2e/static-pages.spec.ts).
	const redirectTo = safeRedirect((await request.formData()).get('redirectTo'), '/__test/ui')
	return redirectWithToast(redirectTo, { type: 'success', title: 'Saved', description: 'The flash toast arrived after a redirect.' })
}

export const meta: MetaFunction = () => [{ title: 'UI test page' }, { name: 'robots', content: 'noindex' }]

export default function TestUi() {
	return (
		<main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
			<h1 className="text-2xl font-semibold">UI test page</h1>
			<Form method="post">
				<Button type="submit">Save and redirect</Button>
			</Form>
			<Button
				type="button"
				variant="outline"
				onClick={() => {
					for (let i = 1; i <= 7; i++) toast({ type: 'info', title: `Toast ${i}` })
				}}
			>
				Show seven toasts
			</Button>
			<TooltipProvider>
				<div className="flex gap-4">
					<Tooltip content="Tooltip text">
						<button type="button" className="rounded border px-3 py-2">
							Hover for a tooltip
						</button>
					</Tooltip>
					<Tooltip content="Second tooltip">
						<button type="button" className="rounded border px-3 py-2">
							Second trigger
						</button>
					</Tooltip>
				</div>
			</TooltipProvider>
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
