/** A golf cart outline, shown where a vehicle has no photo (or its photo fails). camelCase SVG props: React, which renders it on the server, warns on "stroke-width"; preact/compat writes either. */
export function CartIcon() {
  return (
    <svg
      viewBox="0 0 64 48"
      width="64"
      height="48"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M8 6h44M14 6v22M48 6l4 22M6 28h52v7H6zM24 28V18h14" />
      <circle cx="17" cy="38" r="5" />
      <circle cx="47" cy="38" r="5" />
    </svg>
  );
}
