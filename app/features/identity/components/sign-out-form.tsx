import { LogOut } from 'lucide-react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { useIsPending } from '~/lib/forms.ts'

/** Signing out is a POST (no data change on GET); works without JavaScript. */
export function SignOutForm({ className, variant = 'outline' }: { className?: string; variant?: 'outline' | 'ghost' }) {
	const pending = useIsPending({ formAction: '/admin/logout', state: 'submitting' })
	return (
		<Form method="post" action="/admin/logout" className={className}>
			<Button type="submit" variant={variant} size="sm" pending={pending}>
				{pending ? null : <LogOut aria-hidden="true" className="size-4" />}
				Sign out
			</Button>
		</Form>
	)
}
