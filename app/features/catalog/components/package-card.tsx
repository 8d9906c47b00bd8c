import { Moon } from 'lucide-react'
import type { ReactNode } from 'react'
import { IntentLink } from '~/components/prefetch.tsx'
import { Photo } from '~/features/media/components/photo.tsx'
import { type CatalogPackage, fromPrice, packageCategories } from '~/features/catalog/domain/packages.ts'
import { islands } from '~/lib/islands.ts'
import { formatINR } from '~/lib/money.ts'

export type PackageCardData = Pick<CatalogPackage, 'slug' | 'title' | 'category' | 'summary' | 'totalNights' | 'stays' | 'images' | 'prices'>

/** Only what a card shows: loaders send this, not whole packages, so pages stay small. */
export function toCardData(pkg: CatalogPackage): PackageCardData {
	return {
		slug: pkg.slug,
		title: pkg.title,
		category: pkg.category,
		summary: pkg.summary,
		totalNights: pkg.totalNights,
		stays: pkg.stays,
		images: pkg.images.slice(0, 1),
		prices: pkg.prices,
	}
}

/** The image's `sizes` in a grid of cards: one column on a phone, two from `sm`, three from `lg`. */
const gridSizes = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw'

/**
 * `sizes` for a card in another layout (a sideways row is 80 % of a phone's width); `priority` for the
 * card whose image is the page's largest paint (the first of the package list): loaded at once, not lazily.
 */
export function PackageCard({
	pkg,
	headingLevel = 3,
	sizes = gridSizes,
	priority = false,
}: {
	pkg: PackageCardData
	headingLevel?: 2 | 3
	sizes?: string
	priority?: boolean
}) {
	const price = fromPrice(pkg)
	const image = pkg.images[0]
	const Heading = `h${headingLevel}` as const
	return (
		<article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
			{image ? (
				<Photo image={image} width={400} height={250} sizes={sizes} priority={priority} className="aspect-[8/5] w-full bg-slate-100 object-cover" />
			) : null}
			<div className="flex flex-1 flex-col gap-2 p-4">
				<p className="text-xs font-semibold tracking-wide text-primary-800 uppercase">
					{packageCategories[pkg.category]} · <Moon aria-hidden="true" className="inline size-3" /> {pkg.totalNights} nights
				</p>
				<Heading className="text-lg leading-snug font-semibold">
					<IntentLink to={`/packages/${pkg.slug}`} className="text-slate-900 hover:text-primary-800">
						{pkg.title}
					</IntentLink>
				</Heading>
				<p className="text-sm text-slate-700">{pkg.stays.map((stay) => `${islands[stay.island].name} ${stay.nights}N`).join(' · ')}</p>
				<p className="line-clamp-3 text-sm text-slate-700">{pkg.summary}</p>
				<p className="mt-auto pt-2">
					{price !== null ? (
						<>
							<span className="text-sm text-slate-700">From </span>
							<span className="text-xl font-bold text-slate-900">{formatINR(price)}</span>
							<span className="text-sm text-slate-700"> per person, twin sharing</span>
						</>
					) : (
						<span className="text-sm text-slate-700">Price on request</span>
					)}
				</p>
			</div>
		</article>
	)
}

/**
 * A titled section of package cards (related packages, a guide's packages): `id` labels the
 * section by its heading; `children` go under the cards (a "see all" link).
 */
export function PackageCardSection({
	id,
	heading,
	packages,
	className,
	listClassName,
	children,
}: {
	id: string
	heading: ReactNode
	packages: ReadonlyArray<PackageCardData>
	className: string
	listClassName: string
	children?: ReactNode
}) {
	return (
		<section aria-labelledby={id} className={className}>
			<h2 id={id} className="text-2xl font-semibold">
				{heading}
			</h2>
			<ul className={listClassName}>
				{packages.map((pkg) => (
					<li key={pkg.slug}>
						<PackageCard pkg={pkg} />
					</li>
				))}
			</ul>
			{children}
		</section>
	)
}
