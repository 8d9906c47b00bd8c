/** Reminders before the balance due date (docs/decisions/133-payment-reminders.md): one per (booking, step_key). */
export interface PaymentRemindersTable {
	id: string
	booking_id: string
	step: string
	step_key: string
	due_date: string
	balance: number
	emailed: number
	sent_by: string | null
	sent_by_label: string
	sent_at: string
}
