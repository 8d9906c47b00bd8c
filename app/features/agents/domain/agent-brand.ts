import { optionalEmailField, visitorPhoneField } from '~/features/leads/domain/contact-fields.ts'
import { z } from '~/lib/zod.ts'

/** The agency's brand as its admin edits it at /agent/brand (docs/decisions/225): shown to its clients on quotes and vouchers. */
export const agencyBrandSchema = z.object({
	brandName: z
		.string({ message: 'Give the name your clients know you by.' })
		.trim()
		.min(2, 'Give the name your clients know you by.')
		.max(120, 'Keep the name under 120 characters.'),
	brandAddress: z.string().trim().max(300, 'Keep the address under 300 characters.').optional(),
	brandPhone: z
		.string()
		.trim()
		.max(30)
		.optional()
		.transform((value) => value || undefined)
		.pipe(visitorPhoneField.optional()),
	brandEmail: optionalEmailField,
	showOurs: z.literal('on').optional(),
	logoAlt: z.string().trim().max(200).optional(),
})

export type AgencyBrandInput = z.output<typeof agencyBrandSchema>
