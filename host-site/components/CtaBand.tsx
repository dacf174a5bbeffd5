import type { ReactNode } from "react";

/** A closing call to action: a heading, a line and buttons on the brand colour. */
export function CtaBand({ id, heading, text, children }: { id: string; heading: string; text: string; children: ReactNode }) {
  return (
    <section className="cta-band" aria-labelledby={`${id}-title`}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={`${id}-title`}>{heading}</h2>
          <p>{text}</p>
        </div>
        <div className="actions">{children}</div>
      </div>
    </section>
  );
}
