/** The page and colours every PDF we make shares (vouchers, tax invoices, supplier statements). */
export const A4 = { width: 595.28, height: 841.89 }
export const pageMargin = 42
export type Colour = [number, number, number]
export const ink: Colour = [0.06, 0.09, 0.16]
export const green: Colour = [0.02, 0.37, 0.27]
export const grey: Colour = [0.3, 0.3, 0.3]
