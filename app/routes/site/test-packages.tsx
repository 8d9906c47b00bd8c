import { Eye } from 'lucide-react'
import { Breadcrumbs } from '~/components/breadcrumbs.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { PackageCard, toCardData } from '~/features/catalog/components/package-card.tsx'
import { PackageDetail } from '~/features/catalog/components/package-detail.tsx'
import { IntentLink } from '~/components/prefetch.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { listPackages, loadPackagePage } from '~/features/catalog/server/packages.server.ts'
import { db } from '~/server/db/index.server.ts'
import type { Route } from './+types/test-packages'

/** Staff preview: every package, drafts included, and any one of them exactly as visitors will see it. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const url = new URL(request.url)
	const slug = url.searchParams.get('preview')
	if (slug) {
		const page = await loadPackagePage(db(), slug, { includeDrafts: true })
		if (!page) throw new Response(`Page not found: no package called ${slug}`, { status: 404, statusText: 'Page Not Found' })
		return { preview: { ...page, related: page.related.map(toCardData) }, packages: null }
	}
	const page = Number(url.searchParams.get('page') ?? '1')
	const list = await listPackages(db(), { sort: 'nights-asc', page: Number.isInteger(page) && page > 0 ? page : 1 }, { includeDrafts: true })
	return {
		preview: null,
		packages: { ...list, packages: list.packages.map((pkg) => ({ ...toCardData(pkg), status: pkg.status })) },
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.preview ? `Preview: ${loaderData.preview.pkg.title} | Andaman Isles Travel` : 'Package preview | Andaman Isles Travel' },
	{ name: 'robots', content: 'noindex' },
]

export default function TestPackages({ loaderData }: Route.ComponentProps) {
	const { preview, packages } = loaderData
	if (preview) {
		return (
			<PackageDetail
				{...preview}
				banner={
					<p role="note" className="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-yellow-300 bg-warning-50 p-3 text-warning-800">
						<Eye aria-hidden="true" className="size-5" />
						Staff preview{preview.pkg.status === 'draft' ? ': this package is a draft and is not public yet.' : ': this package is published.'}
						<IntentLink to="/test-packages" className="ml-auto font-medium">
							All packages
						</IntentLink>
					</p>
				}
			/>
		)
	}
	return (
		<main id="main" className="mx-auto max-w-6xl px-4 py-8">
			<Breadcrumbs
				trail={[
					{ name: 'Home', path: '/' },
					{ name: 'Package preview', path: '/test-packages' },
				]}
			/>
			<div className="mt-4 flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-3xl font-bold">Package preview</h1>
					<p className="mt-2 text-slate-700">Every package, drafts included. Open one to see it exactly as visitors will.</p>
				</div>
				<IntentLink to="/add-package" className={buttonClass('primary')}>
					Add a package
				</IntentLink>
			</div>
			<p className="mt-6 font-medium">{packages!.total} packages</p>
			<ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
				{packages!.packages.map((pkg) => (
					<li key={pkg.slug} className="flex flex-col gap-2">
						<p
							className={`w-fit rounded-full px-3 py-0.5 text-sm font-semibold ${pkg.status === 'draft' ? 'bg-warning-50 text-warning-800' : 'bg-success-50 text-success-700'}`}
						>
							{pkg.status === 'draft' ? 'Draft' : 'Published'}
						</p>
						<PackageCard pkg={pkg} headingLevel={2} />
						<IntentLink to={`/test-packages?preview=${pkg.slug}`} className="font-medium">
							Preview {pkg.title}
						</IntentLink>
					</li>
				))}
			</ul>
			{packages!.pages > 1 ? (
				<nav aria-label="Pages" className="mt-8 flex gap-2">
					{Array.from({ length: packages!.pages }, (_, i) => i + 1).map((n) => (
						<IntentLink key={n} to={`/test-packages?page=${n}`} aria-current={n === packages!.page ? 'page' : undefined} className="rounded border px-3 py-1">
							{n}
						</IntentLink>
					))}
				</nav>
			) : null}
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
