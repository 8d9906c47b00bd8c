import type { ComponentProps } from 'react'

/** docs/conventions.md#behaviours-with-numbers widths; the image route accepts these and their doubles (2x densities). */
export const imageWidths = [320, 640, 768, 1024, 1280, 1536] as const
export const defaultImageQuality = 80

export function imageUrl(src: string, width: number, quality = defaultImageQuality): string {
	return `/img?${new URLSearchParams({ url: src, w: String(width), q: String(quality) })}`
}

/** The smallest listed width that covers `width` CSS pixels at the given density. */
export function widthFor(width: number, density = 1): number {
	const needed = width * density
	return imageWidths.find((w) => w >= needed) ?? imageWidths[imageWidths.length - 1]!
}

/**
 * Candidates for 1x and 2x screens: the breakpoint widths, whose doubles are
 * mostly breakpoints themselves (640, 1280, 1536), plus 2048 and 3072 for the
 * doubles of 1024 and 1536. With `sizes`, the browser picks by its density.
 */
export const srcSetWidths = [...imageWidths, 2048, 3072] as const

export function srcSetFor(src: string, quality?: number): string {
	return srcSetWidths.map((w) => `${imageUrl(src, w, quality)} ${w}w`).join(', ')
}

type ImgProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height' | 'loading'> & {
	src: string
	alt: string
	/** Intrinsic size, for layout (no shift) and to pick the fallback width. */
	width: number
	height: number
	/** The page's largest image: loaded at once with high priority. */
	priority?: boolean
	quality?: number
}

/**
 * A responsive webp image through the resize route, with 1x and 2x candidates, rendered
 * complete on the server: pages without framework code (ADR 123) show it as soon as it
 * arrives, with no placeholder and no script. Images below the fold use the browser's own
 * lazy loading (its distance from the viewport, not a script's 50 px: see ADR 123).
 */
export function Img({ src, alt, width, height, sizes = '100vw', priority = false, quality, ...props }: ImgProps) {
	return (
		<img
			{...props}
			alt={alt}
			width={width}
			height={height}
			sizes={sizes}
			src={imageUrl(src, widthFor(width), quality)}
			srcSet={srcSetFor(src, quality)}
			decoding="async"
			{...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
		/>
	)
}
