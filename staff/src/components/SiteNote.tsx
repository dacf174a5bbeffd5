import type { ReactNode } from "react";
import type { Site } from "../../../domain/site";

/**
 * Says which site a page that changes one site's things works on (docs/decisions/0058): "`children` SITE", and, when
 * the account has more than one, where to choose another.
 */
export function SiteNote({ site, switchable, children }: { site: Site; switchable: boolean; children: ReactNode }) {
  return (
    <p className="site-note">
      {children} <strong>{site.name}</strong>
      {switchable ? ", the site chosen in the header's Site list." : "."}
    </p>
  );
}
