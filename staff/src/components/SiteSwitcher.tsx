import type { Site } from "../../../domain/site";
import { chooseSite } from "../current-site";

/**
 * The header's site: the one being worked on. With one site, its name; with more, the choice, which the inbox and
 * the other pages follow. On a page that works on one site (`perSite`: partner origins, the embed builder, the rental
 * desk) it shows that site and offers no "All sites"; elsewhere "All sites" shows every site's leads and history.
 * One site named as the organisation is (a deployment of one site) is not named twice.
 */
export function SiteSwitcher({
  sites,
  chosen,
  working,
  perSite,
  organisation = "",
}: {
  sites: readonly Site[];
  chosen: string;
  working: Site | undefined;
  perSite: boolean;
  organisation?: string;
}) {
  if (sites.length === 0) return null;
  if (sites.length === 1 && sites[0]!.name === organisation) return null;
  if (sites.length === 1)
    return (
      <p className="top__site">
        Site <strong className="top__site-name">{sites[0]!.name}</strong>
      </p>
    );
  const value = perSite ? (working?.id ?? "") : sites.some((s) => s.id === chosen) ? chosen : "";
  return (
    <div className="top__site">
      <label htmlFor="site-switcher">Site</label>
      <select id="site-switcher" value={value} onChange={(event) => chooseSite(event.target.value)}>
        {!perSite && <option value="">All sites</option>}
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
