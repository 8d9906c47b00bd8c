import { Avatar as RadixAvatar } from 'radix-ui'
import { cn, initials } from '~/lib/utils.ts'

/** An image, else the initials of up to 2 words of the alt text (docs/conventions.md#behaviours-with-numbers). */
export function Avatar({ src, alt, className }: { src?: string | null; alt: string; className?: string }) {
	return (
		<RadixAvatar.Root className={cn('inline-flex size-9 items-center justify-center overflow-hidden rounded-full bg-primary-100 align-middle', className)}>
			{src ? <RadixAvatar.Image src={src} alt={alt} className="size-full object-cover" /> : null}
			<RadixAvatar.Fallback className="text-sm font-semibold text-primary-900" aria-label={alt} role="img">
				{initials(alt)}
			</RadixAvatar.Fallback>
		</RadixAvatar.Root>
	)
}
