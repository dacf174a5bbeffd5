import type { ReactElement } from "react";
import type { Catalogue } from "../../domain/catalogue";
import type { PageMeta } from "../lib/seo";
import type { SiteFacts } from "../lib/site-facts";
import type { WidgetScript } from "../lib/widgets";

/** A page ready to render: where it lives, what it says about itself, what it loads and its main content. */
export interface PageDef {
  path: string;
  meta: PageMeta;
  scripts?: readonly WidgetScript[];
  body: ReactElement;
}

/** What catalogue pages read: the site they are rendered for and the vehicles it shows. */
export interface PageContext {
  catalogue: Catalogue;
  site: SiteFacts;
}
