import { useLocation } from 'react-router'
import { type AdminSection, isCurrentSection, roleLabels, sectionsFor } from '~/components/admin-nav.tsx'
import { linkTo } from '~/components/client-links.ts'
import { QuickSearchDialog, QuickSearchLink } from '~/features/search/components/quick-search.tsx'
import { SidebarShell, SidebarShellError, sidebarLinkClass } from '~/features/identity/components/sidebar-shell.tsx'
import { staticIconHtml } from '~/components/ui/static-icon.tsx'
import { escapeHtml } from '~/lib/html.ts'
import { site } from '~/lib/site.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { countFollowUpsDue } from '~/features/leads/server/desk.server.ts'
import type { Route } from './+types/layout'

/** The admin layout: every page inside it needs an approved account (the layout checks, and so does each page). */
export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const followUpsDue = await countFollowUpsDue(db())
	return { user: { name: user.displayName ?? user.email, email: user.email, photoUrl: user.photoUrl, role: user.role }, followUpsDue }
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

const itemMarkup = new Map<string, string>()

/**
 * A nav link's content (icon and name) as ready markup, made once per section: the nav is on every
 * staff page, and writing its nineteen icons and names as elements was a tenth of a list's render
 * (ADR 163). The follow-up count on Leads changes, so it is added per render. With `<NavLink>`s and
 * Lucide elements instead, the leads list measured 2.22× hello and pending bookings 2.43×, over the 2×
 * goal (ADR 227).
 */
function navItemHtml({ to, label, Icon }: AdminSection, followUpsDue: number): string {
	let html = itemMarkup.get(to)
	if (html === undefined) {
		html = staticIconHtml(Icon, 'size-4 shrink-0') + escapeHtml(label)
		itemMarkup.set(to, html)
	}
	if (to !== '/admin/leads' || followUpsDue <= 0) return html
	const count = Math.trunc(followUpsDue)
	return `${html}<span class="ml-auto rounded-full bg-yellow-100 px-2 text-xs font-semibold text-yellow-900" data-testid="follow-ups-due">${count}<span class="sr-only"> ${count === 1 ? 'follow-up' : 'follow-ups'} due today</span></span>`
}

/** The nav: plain links worked out once per render (ADR 159), drawn once for phones and desktops (ADR 163). */
function AdminNav({ sections, pathname, followUpsDue }: { sections: readonly AdminSection[]; pathname: string; followUpsDue: number }) {
	return (
		<nav aria-label="Admin">
			<ul className="space-y-0.5">
				{sections.map((section) => {
					const current = isCurrentSection(section.to, pathname)
					return (
						<li key={section.to}>
							<a
								aria-current={current ? 'page' : undefined}
								className={sidebarLinkClass(current)}
								{...linkTo(section.to)}
								dangerouslySetInnerHTML={{ __html: navItemHtml(section, followUpsDue) }}
							/>
						</li>
					)
				})}
			</ul>
		</nav>
	)
}

function Brand() {
	return (
		<a className="text-base font-bold text-primary-900 no-underline" {...linkTo('/admin')}>
			{site.shortName} <span className="font-medium text-slate-600">admin</span>
		</a>
	)
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	const { user, followUpsDue } = loaderData
	const { pathname } = useLocation()
	// One nav, drawn once for phones and desktops (ADR 163).
	return (
		<SidebarShell
			menuId="admin-menu"
			brand={<Brand />}
			headerExtra={<QuickSearchLink className="ml-auto" />}
			user={{ ...user, roleLabel: roleLabels[user.role] ?? user.role }}
			nav={<AdminNav sections={sectionsFor(user.role)} pathname={pathname} followUpsDue={followUpsDue} />}
		>
			<QuickSearchDialog />
		</SidebarShell>
	)
}

export function ErrorBoundary() {
	return <SidebarShellError brand={<Brand />} />
}
