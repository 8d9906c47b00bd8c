// The whole stylesheet (Tailwind keeps it small), inlined into every document by
// entry.server.tsx: a separate stylesheet request would block the first paint
// for a full round trip on island mobile networks.
import css from '../app.css?inline'

export const appCss: string = css
