import { Menu } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { StaticIcon } from '~/components/ui/static-icon.tsx'
import { SignOutForm } from './sign-out-form.tsx'
import { cn } from '~/lib/utils.ts'

const navLinkClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium no-underline'
const currentClass = cn(navLinkClass, 'bg-primary-50 text-primary-900')
const otherClass = cn(navLinkClass, 'text-slate-800 hover:bg-slate-100')

/** A sidebar nav link's classes: the current section stands out. */
export function sidebarLinkClass(current: boolean): string {
	return current ? currentClass : otherClass
}

/**
 * The signed-in areas' frame (staff and agents): a sidebar on a desktop; on a phone a top bar whose Menu button
 * opens the same nav as a popover, which needs no JavaScript and closes after choosing a page. The nav is drawn
 * once for both. The page itself is the route's `<Outlet />`; `children` come after it (dialogs).
 */
export function SidebarShell({
	menuId,
	brand,
	headerExtra,
	nav,
	user,
	children,
}: {
	menuId: string
	brand: ReactNode
	headerExtra?: ReactNode
	nav: ReactNode
	user: { name: string; email: string; photoUrl: string | null; roleLabel: string }
	children?: ReactNode
}) {
	const menu = useRef<HTMLDivElement>(null)
	const { pathname } = useLocation()
	useEffect(() => {
		if (menu.current?.matches(':popover-open')) menu.current.hidePopover()
	}, [pathname])
	return (
		<div className="min-h-screen bg-slate-50 lg:flex">
			<header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
				<div className="flex h-16 items-center gap-3 px-4 lg:block lg:h-auto lg:space-y-3 lg:px-5 lg:py-4">
					{brand}
					{headerExtra}
					<button
						type="button"
						popoverTarget={menuId}
						className={cn(
							'flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden',
							!headerExtra && 'ml-auto',
						)}
					>
						<StaticIcon icon={Menu} className="size-4" />
						Menu
					</button>
				</div>
				<div
					id={menuId}
					ref={menu}
					popover="auto"
					className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100vh-4rem)] w-full overflow-y-auto border-0 border-b border-slate-200 bg-white p-4 text-inherit shadow-lg lg:static lg:flex lg:h-auto lg:max-h-none lg:min-h-0 lg:flex-1 lg:flex-col lg:overflow-visible lg:border-b-0 lg:p-0 lg:shadow-none"
				>
					<div className="lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-3">{nav}</div>
					<div className="mt-4 space-y-3 border-t border-slate-200 pt-4 lg:mt-0 lg:p-4">
						<div className="flex items-center gap-3">
							<Avatar src={user.photoUrl} alt={user.name} />
							<div className="min-w-0 flex-1">
								<p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
								<p className="truncate text-xs text-slate-600">
									{user.roleLabel} · {user.email}
								</p>
							</div>
						</div>
						<SignOutForm />
					</div>
				</div>
			</header>
			<div className="min-w-0 flex-1">
				<Outlet />
			</div>
			{children}
		</div>
	)
}

/** The frame's error page: the brand over the route's error. */
export function SidebarShellError({ brand }: { brand: ReactNode }) {
	return (
		<div className="min-h-screen bg-slate-50">
			<header className="border-b border-slate-200 bg-white px-4 py-3">{brand}</header>
			<RouteErrorBoundary />
		</div>
	)
}
