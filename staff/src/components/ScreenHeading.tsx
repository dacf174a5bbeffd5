import { useEffect, useRef } from "react";
import { organisationName } from "../organisation";

/**
 * The screen's h1. It takes focus when the screen changes (as a page load
 * would put the reader at the top), unless something else has it already.
 */
export function ScreenHeading({ title, busy = false }: { title: string; busy?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const organisation = organisationName();
    document.title = `${title} · Staff console${organisation ? ` · ${organisation}` : ""}`;
  }, [title]);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected || active.closest("nav")) heading.current?.focus();
  }, []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {busy && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
    </>
  );
}
