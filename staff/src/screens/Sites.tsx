import { useState } from "react";
import { primaryDomain, type Site } from "../../../domain/site";
import { ApiError } from "../api/client";
import { staffApi } from "../api/staff-api";
import { sitesChanged } from "../current-site";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { blankFormValues, toFormValues } from "../site-form/form-values";
import { SiteForm } from "../site-form/SiteForm";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";

type Editing = { kind: "new" } | { kind: "edit"; site: Site; etag: string };
/** A removal being confirmed; `leads`: the server said this many leads came through it, so it asks again. */
type Removing = { site: Site; leads?: number };

/** Organisation owners: the sites this deployment serves; add one, edit its facts, domains and towns, remove one. */
export function Sites() {
  const [sites, setSites] = useState<Site[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);

  const loaded = ({ sites: list }: { sites: Site[] }) => setSites(list);
  const failed = (err: unknown) => setFailure(errorMessage(err));
  /** The list (and the header's switcher) again, after a change. */
  const load = () => staffApi.sites().finally(sitesChanged).then(loaded, failed);
  useLiveLoad(() => staffApi.sites().finally(sitesChanged), loaded, failed, []);

  const edit = async (site: Site) => {
    setNotice(null);
    try {
      const { site: fresh, etag } = await staffApi.site(site.id);
      setEditing({ kind: "edit", site: fresh, etag });
    } catch (err) {
      setNotice({ tone: "error", text: `Could not load ${site.name}: ${errorMessage(err)}` });
    }
  };

  const save = async (site: Site): Promise<Record<string, string> | void> => {
    if (!editing) return;
    setNotice(null);
    try {
      const saved = editing.kind === "new" ? await staffApi.createSite(site) : await staffApi.replaceSite(editing.site.id, site, editing.etag);
      setEditing(null);
      setNotice({
        tone: "success",
        text: editing.kind === "new" ? `Added ${saved.site.name}: it answers on ${primaryDomain(saved.site)} now.` : `Saved ${saved.site.name}.`,
      });
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.status === 412) {
        setNotice({ tone: "error", text: "Someone else saved this site since you opened it. Open it again to see their change, then make yours." });
        return;
      }
      setNotice({ tone: "error", text: `Not saved: ${errorMessage(err)}` });
      if (err instanceof ApiError) return err.body.fields ?? {};
    }
  };

  const remove = async ({ site, leads }: Removing) => {
    setRemoving(null);
    setNotice(null);
    try {
      await staffApi.removeSite(site.id, leads !== undefined);
      setNotice({ tone: "success", text: `Removed ${site.name}: its domains answer no more.` });
      await load();
    } catch (err) {
      const count = err instanceof ApiError && err.status === 409 ? (err.body as { leads?: unknown }).leads : undefined;
      if (typeof count === "number") return setRemoving({ site, leads: count });
      setNotice({ tone: "error", text: `Not removed: ${errorMessage(err)}` });
    }
  };

  if (editing) {
    const title = editing.kind === "new" ? "Add a site" : `Edit ${editing.site.name}`;
    return (
      <>
        <ScreenHeading title={title} />
        {notice && (
          <Notice tone={notice.tone} result={notice}>
            {notice.text}
          </Notice>
        )}
        <SiteForm
          key={editing.kind === "new" ? "new" : editing.etag}
          defaults={editing.kind === "new" ? blankFormValues(sites![0]!) : toFormValues(editing.site)}
          isNew={editing.kind === "new"}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      </>
    );
  }

  return (
    <>
      <ScreenHeading title="Sites" busy={!sites && !failure} />
      <p>The local sites this deployment serves. A change applies within a second, without a restart.</p>
      {failure && <Notice tone="error">Could not load the sites: {failure}</Notice>}
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
        </Notice>
      )}
      {sites && (
        <>
          <ul className="card-list" aria-label="Sites">
            {sites.map((site) => (
              <li key={site.id} className="card-row">
                <div>
                  <p className="card-row__title">{site.name}</p>
                  <p className="muted">
                    {primaryDomain(site)} · {site.region} · {site.towns.length} {site.towns.length === 1 ? "town" : "towns"}
                  </p>
                </div>
                <div className="card-row__actions">
                  <button type="button" className="btn btn--small btn--secondary" aria-label={`Edit ${site.name}`} onClick={() => void edit(site)}>
                    Edit
                  </button>
                  {sites.length > 1 && (
                    <button type="button" className="btn btn--small btn--danger" aria-label={`Remove ${site.name}`} onClick={() => setRemoving({ site })}>
                      Remove
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <div className="actions">
            <button type="button" className="btn btn--primary" onClick={() => setEditing({ kind: "new" })}>
              Add a site
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.leads ? `${removing.site.name} still has leads` : `Remove ${removing?.site.name ?? "the site"}?`}
        confirmLabel={removing?.leads ? "Remove it anyway" : "Remove the site"}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing?.leads ? (
          <p>
            {removing.leads} {removing.leads === 1 ? "lead came" : "leads came"} through this site. They stay in the inbox of organisation-wide accounts, but no
            site will show them.
          </p>
        ) : (
          <p>Its pages and domains stop answering at once. The catalogue and the accounts stay.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
