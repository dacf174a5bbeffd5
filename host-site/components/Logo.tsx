/** The wordmark's cart badge, drawn inline so it needs no request. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="currentColor" />
      <path d="M10 30h26l2-8H16l-2-6h-4" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M14 14h22" stroke="#f4b64c" strokeWidth="3" strokeLinecap="round" />
      <circle cx="16" cy="35" r="3.5" fill="#fff" />
      <circle cx="32" cy="35" r="3.5" fill="#fff" />
    </svg>
  );
}
