import type { MetaDescriptor } from 'react-router'
import { site } from './site.ts'

type SeoInput = {
	title: string
	description: string
	/** The page's path, e.g. /packages/honeymoon-bliss. */
	path: string
	siteUrl: string
	image?: string
	type?: 'website' | 'article' | 'product'
	noindex?: boolean
	jsonLd?: unknown[]
}

/** Title, description, canonical URL, Open Graph, Twitter and JSON-LD for a page. */
export function seo({
	title,
	description,
	path,
	siteUrl,
	image = '/images/hero-havelock-beach.jpg',
	type = 'website',
	noindex,
	jsonLd = [],
}: SeoInput): MetaDescriptor[] {
	const url = new URL(path, siteUrl).href
	const imageUrl = new URL(`/img?url=${encodeURIComponent(image)}&w=1280&q=80`, siteUrl).href
	const fullTitle = title.includes(site.name) ? title : `${title} | ${site.name}`
	return [
		{ title: fullTitle },
		{ name: 'description', content: description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:site_name', content: site.name },
		{ property: 'og:type', content: type },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: imageUrl },
		{ property: 'og:locale', content: 'en_IN' },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: title },
		{ name: 'twitter:description', content: description },
		{ name: 'twitter:image', content: imageUrl },
		...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
		...jsonLd.map((value) => ({ 'script:ld+json': value }) as MetaDescriptor),
	]
}

export function organizationJsonLd(siteUrl: string) {
	return {
		'@context': 'https://schema.org',
		'@type': 'TravelAgency',
		name: site.name,
		url: siteUrl,
		telephone: site.phone,
		email: site.email,
		address: {
			'@type': 'PostalAddress',
			streetAddress: 'Aberdeen Bazaar',
			addressLocality: 'Sri Vijaya Puram (Port Blair)',
			addressRegion: 'Andaman and Nicobar Islands',
			postalCode: '744101',
			addressCountry: 'IN',
		},
		areaServed: 'Andaman and Nicobar Islands',
	}
}

export function breadcrumbJsonLd(siteUrl: string, trail: Array<{ name: string; path: string }>) {
	return {
		'@context': 'https://schema.org',
		'@type': 'BreadcrumbList',
		itemListElement: trail.map((item, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: item.name,
			item: new URL(item.path, siteUrl).href,
		})),
	}
}

export function faqJsonLd(faqs: Array<{ q: string; a: string }>) {
	return {
		'@context': 'https://schema.org',
		'@type': 'FAQPage',
		mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: faq.q, acceptedAnswer: { '@type': 'Answer', text: faq.a } })),
	}
}
