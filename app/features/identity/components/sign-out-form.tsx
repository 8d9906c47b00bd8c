import { LogOut } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'

/** Signing out is a POST (no data change on GET); works without JavaScript. */
export function SignOutForm({ className, variant = 'outline' }: { className?: string; variant?: 'outline' | 'ghost' }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formAction === '/admin/logout'
	return (
		<Form method="post" action="/admin/logout" className={className}>
			<Button type="submit" variant={variant} size="sm" pending={pending}>
				{pending ? null : <LogOut aria-hidden="true" className="size-4" />}
				Sign out
			</Button>
		</Form>
	)
}
