/**
 * Company facts shown across the site. The owner edits the printed company
 * details on vouchers in settings; these are the site's defaults.
 */
export const site = {
	name: 'Andaman Isles Travel',
	shortName: 'Andaman Isles',
	tagline: 'Andaman holidays planned by a local team in Sri Vijaya Puram (Port Blair)',
	phone: '+91 94342 00000',
	phoneHref: 'tel:+919434200000',
	whatsapp: '919434200000',
	email: 'hello@andamanisles.travel',
	address: 'Aberdeen Bazaar, Sri Vijaya Puram (Port Blair), South Andaman 744101',
	hours: 'Every day, 8 am to 9 pm IST',
} as const

export function whatsappLink(message: string): string {
	return `https://wa.me/${site.whatsapp}?text=${encodeURIComponent(message)}`
}

export const mainNavigation = [
	{ to: '/packages', label: 'Packages' },
	{ to: '/activities', label: 'Activities' },
	{ to: '/destinations', label: 'Destinations' },
	{ to: '/travel-guide', label: 'Travel guide' },
	{ to: '/builder', label: 'Build your trip' },
	{ to: '/contact', label: 'Contact' },
] as const
