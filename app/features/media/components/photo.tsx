import type { ComponentProps } from 'react'
import { Img } from '~/components/ui/img.tsx'
import { objectPosition } from '~/features/media/domain/media.ts'
import type { PackageImage } from '~/features/catalog/domain/packages.ts'

type PhotoProps = Omit<ComponentProps<typeof Img>, 'src' | 'alt'> & { image: PackageImage }

/**
 * A demo illustration or one of the operator's photos, through the image
 * route; an operator photo is cropped around its focal point
 * (docs/decisions/132-media-library.md).
 */
export function Photo({ image, style, ...props }: PhotoProps) {
	const position = objectPosition(image.focal)
	return <Img {...props} src={image.src} alt={image.alt} style={position ? { ...style, objectPosition: position } : style} />
}
