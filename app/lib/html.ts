/** Text made safe to place in HTML (or XML) markup, between tags or inside a double-quoted attribute. */
export function escapeHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
