import type { ReactNode } from "react";

export interface SectionProps {
  /** Used for the heading's id and as the section's anchor. */
  id: string;
  heading: ReactNode;
  /** A small label above the heading. */
  eyebrow?: string;
  intro?: ReactNode;
  tone?: "plain" | "muted" | "dark";
  children: ReactNode;
}

/** A content band with an h2 and optional intro. */
export function Section({ id, heading, eyebrow, intro, tone = "plain", children }: SectionProps) {
  return (
    <section className={`section section--${tone}`} id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section__header">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={`${id}-title`}>{heading}</h2>
          {intro ? <p className="section__intro">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
