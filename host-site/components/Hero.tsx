import type { ReactNode } from "react";

export interface HeroProps {
  title: ReactNode;
  /** A short badge above the title, e.g. "SERVING LEWES". */
  badge?: string;
  lead?: ReactNode;
  /** Decorative background image path. */
  image?: string;
  /** Buttons under the text. */
  actions?: ReactNode;
  /** Extra content beside the text on wide screens. */
  aside?: ReactNode;
  size?: "large" | "medium" | "small";
}

/** A page's opening banner: one h1, an optional badge, lead text and actions over a decorative image. */
export function Hero({ title, badge, lead, image, actions, aside, size = "medium" }: HeroProps) {
  return (
    <section className={`hero hero--${size}`} aria-labelledby="page-title">
      {image ? <img className="hero__bg" src={image} alt="" width="1600" height="600" decoding="async" fetchPriority="high" /> : null}
      <div className={aside ? "container hero__inner hero__inner--split" : "container hero__inner"}>
        <div className="hero__text">
          {badge ? <p className="badge badge--hero">{badge}</p> : null}
          <h1 id="page-title">{title}</h1>
          {lead ? <p className="hero__lead">{lead}</p> : null}
          {actions ? <div className="actions">{actions}</div> : null}
        </div>
        {aside ? <div className="hero__aside">{aside}</div> : null}
      </div>
    </section>
  );
}
