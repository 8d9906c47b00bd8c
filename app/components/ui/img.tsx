import { type ComponentProps, useEffect, useRef, useState } from 'react'

/** docs/conventions.md#behaviours-with-numbers widths; the image route accepts these and their doubles (2x densities). */
export const imageWidths = [320, 640, 768, 1024, 1280, 1536] as const
export const defaultImageQuality = 80
/** docs/conventions.md#behaviours-with-numbers: lazy images start loading within 50 px of the viewport. */
export const lazyRootMargin = '50px'
export const lazyThreshold = 0.01

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
 * A responsive webp image through the resize route, with 1x and 2x candidates.
 * Lazy images load when they come within 50 px of the viewport (an
 * IntersectionObserver); without JavaScript the browser's native lazy loading
 * takes over through <noscript>.
 */
export function Img({ src, alt, width, height, sizes = '100vw', priority = false, quality, className, ...props }: ImgProps) {
	const ref = useRef<HTMLImageElement>(null)
	const [visible, setVisible] = useState(priority)
	useEffect(() => {
		if (visible || !ref.current) return
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) {
					setVisible(true)
					observer.disconnect()
				}
			},
			{ rootMargin: lazyRootMargin, threshold: lazyThreshold },
		)
		observer.observe(ref.current)
		return () => observer.disconnect()
	}, [visible])

	const real = {
		...props,
		alt,
		width,
		height,
		sizes,
		className,
		src: imageUrl(src, widthFor(width), quality),
		srcSet: srcSetFor(src, quality),
	}
	if (priority) return <img {...real} alt={alt} decoding="async" fetchPriority="high" />
	return (
		<>
			<img {...real} alt={alt} ref={ref} src={visible ? real.src : undefined} srcSet={visible ? real.srcSet : undefined} data-lazy={visible ? 'loaded' : 'waiting'} />
			{visible ? null : (
				<noscript>
					<img src={real.src} alt={alt} width={width} height={height} className={className} loading="lazy" />
				</noscript>
			)}
		</>
	)
}
