import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { SourceMapping, SourceRun, SourceView } from "../../../domain/inventory-source";
import type { Site } from "../../../domain/site";
import { ApiError } from "../api/client";
import { sourcesApi, type SourcePreview } from "../api/sources-api";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { StackedTable } from "../components/StackedTable";
import { errorMessage } from "../error-message";
import { formatPrice, formatTime } from "../format";
import {
  blankSourceValues,
  countsText,
  durationText,
  formErrors,
  headerChoices,
  JOINED,
  MAPPED_COLUMNS,
  sizeText,
  toSourceInput,
  toSourceValues,
  withColumn,
  type SourceFormValues,
} from "../inventory-sources/source-form";
import { SourceForm } from "../inventory-sources/SourceForm";
import { useLiveLoad } from "../use-live-load";

/** `quiet`: the notice takes no focus, as the form focuses the field the server named. */
type NoticeState = { tone: "success" | "error" | "info"; text: string; quiet?: boolean } | null;
type View = { kind: "list" } | { kind: "new" } | { kind: "source"; id: string };
type Listed = SourceView & { lastRun?: SourceRun };

const KIND_NAMES = { pull: "Pull", push: "Push", folder: "Drop folder" } as const;
const OUTCOME_NAMES: Record<SourceRun["outcome"], string> = { applied: "Applied", held: "Held", failed: "Failed", unchanged: "Unchanged" };

/** A run's status in words: a held run once resolved says how. */
const runStatus = (run: SourceRun) =>
  run.resolution ? (run.resolution.action === "applied" ? "Held, then applied" : "Held, then discarded") : OUTCOME_NAMES[run.outcome];

/** The failure's words, with each field the server named. */
const failureText = (err: unknown) => errorMessage(err);

/** Owners: where the catalogue's stock comes from; add, edit, preview, sync and remove a source. */
export function InventorySources({ sites, organisation }: { sites: Site[]; organisation: boolean }) {
  const [view, setView] = useState<View>({ kind: "list" });
  const [notice, setNotice] = useState<NoticeState>(null);
  /** A new source's push secret, shown once on its page. */
  const [secretOnce, setSecretOnce] = useState<string | null>(null);
  const lotName = (site: string | undefined) => (site ? (sites.find((s) => s.id === site)?.name ?? site) : "The whole organisation");

  if (view.kind === "new")
    return (
      <>
        <ScreenHeading title="Add an inventory source" />
        {notice && (
          <Notice tone={notice.tone} result={notice.quiet ? undefined : notice}>
            {notice.text}
          </Notice>
        )}
        <SourceForm
          defaults={blankSourceValues(organisation ? "" : (sites[0]?.id ?? ""))}
          sites={sites}
          organisation={organisation}
          isNew
          onCancel={() => setView({ kind: "list" })}
          onSave={async (values) => {
            setNotice(null);
            try {
              const made = await sourcesApi.create(toSourceInput(values));
              setSecretOnce(made.kind === "push" ? made.pushSecretOnce : null);
              setNotice({ tone: "success", text: `Added ${made.name}.` });
              setView({ kind: "source", id: made.id });
            } catch (err) {
              const fields = err instanceof ApiError ? formErrors(err.body.fields ?? {}) : {};
              setNotice({ tone: "error", text: `Not added: ${failureText(err)}`, quiet: Object.keys(fields).length > 0 });
              return fields;
            }
          }}
        />
      </>
    );

  if (view.kind === "source")
    return (
      <SourcePage
        key={view.id}
        id={view.id}
        sites={sites}
        organisation={organisation}
        lotName={lotName}
        notice={notice}
        setNotice={setNotice}
        secretOnce={secretOnce}
        setSecretOnce={setSecretOnce}
        onBack={() => {
          setNotice(null);
          setSecretOnce(null);
          setView({ kind: "list" });
        }}
        onRemoved={(name) => {
          setSecretOnce(null);
          setNotice({ tone: "success", text: `Removed ${name}. Its units stay in the inventory, kept by the staff from now on.` });
          setView({ kind: "list" });
        }}
      />
    );

  return (
    <SourceList
      lotName={lotName}
      notice={notice}
      onAdd={() => (setNotice(null), setView({ kind: "new" }))}
      onOpen={(id) => (setNotice(null), setView({ kind: "source", id }))}
    />
  );
}

function SourceList({
  lotName,
  notice,
  onAdd,
  onOpen,
}: {
  lotName: (site: string | undefined) => string;
  notice: NoticeState;
  onAdd: () => void;
  onOpen: (id: string) => void;
}) {
  const [sources, setSources] = useState<Listed[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useLiveLoad(
    async () => {
      const list = await sourcesApi.list();
      const runs = await Promise.all(list.map((s) => sourcesApi.runs(s.id).catch(() => [])));
      return list.map((s, i) => ({ ...s, lastRun: runs[i]![0] }));
    },
    setSources,
    (err) => setFailure(errorMessage(err)),
    [],
  );
  return (
    <>
      <ScreenHeading title="Inventory sources" busy={!sources && !failure} />
      <p>Where the catalogue's stock comes from: the dealer system's export, fetched or sent on a schedule, and held when it looks wrong.</p>
      {failure && <Notice tone="error">Could not load the sources: {failure}</Notice>}
      {notice && (
        <Notice tone={notice.tone} result={notice.quiet ? undefined : notice}>
          {notice.text}
        </Notice>
      )}
      {sources && sources.length === 0 && <p className="muted">No source yet: the inventory is kept by hand and by CSV.</p>}
      {sources && sources.length > 0 && (
        <StackedTable label="Inventory sources" columns={["Name", "Kind", "Lot", "Last run", "Next run", ""]}>
          {sources.map((s) => (
            <tr key={s.id}>
              <td data-label="Name">{s.name}</td>
              <td data-label="Kind">{KIND_NAMES[s.kind]}</td>
              <td data-label="Lot">{lotName(s.site)}</td>
              <td data-label="Last run">
                {s.lastRun ? `${runStatus(s.lastRun)}, ${formatTime(s.lastRun.startedAt)}` : "Not yet"}
                {s.held && <strong className="source-held"> · A run is held</strong>}
              </td>
              <td data-label="Next run">{s.nextRunAt ? formatTime(s.nextRunAt) : s.kind === "pull" ? "Paused" : "When a file comes in"}</td>
              <td data-label="">
                <button type="button" className="btn btn--small btn--secondary" aria-label={`Open ${s.name}`} onClick={() => onOpen(s.id)}>
                  Open
                </button>
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={onAdd}>
          Add a source
        </button>
      </div>
    </>
  );
}

function SourcePage({
  id,
  sites,
  organisation,
  lotName,
  notice,
  setNotice,
  secretOnce,
  setSecretOnce,
  onBack,
  onRemoved,
}: {
  id: string;
  sites: Site[];
  organisation: boolean;
  lotName: (site: string | undefined) => string;
  notice: NoticeState;
  setNotice: (n: NoticeState) => void;
  secretOnce: string | null;
  setSecretOnce: (s: string | null) => void;
  onBack: () => void;
  onRemoved: (name: string) => void;
}) {
  const [source, setSource] = useState<(SourceView & { runs: SourceRun[] }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const load = () => sourcesApi.get(id).then(setSource, (err: unknown) => setFailure(errorMessage(err)));
  useLiveLoad(
    () => sourcesApi.get(id),
    setSource,
    (err) => setFailure(errorMessage(err)),
    [id],
  );

  /** One action on the source, its result in the notice, the source read again. */
  const act = async (what: string, work: () => Promise<string | { tone: "success" | "info"; text: string }>) => {
    setBusy(what);
    setNotice(null);
    try {
      const done = await work();
      setNotice(typeof done === "string" ? { tone: "success", text: done } : done);
    } catch (err) {
      setNotice({ tone: "error", text: `${what} failed: ${failureText(err)}` });
    } finally {
      setBusy(null);
      await load();
    }
  };

  if (!source)
    return (
      <>
        <ScreenHeading title="Inventory source" busy={!failure} />
        {failure && <Notice tone="error">Could not load the source: {failure}</Notice>}
        <button type="button" className="btn btn--secondary" onClick={onBack}>
          Back to the sources
        </button>
      </>
    );

  if (editing)
    return (
      <>
        <ScreenHeading title={`Edit ${source.name}`} />
        {notice && (
          <Notice tone={notice.tone} result={notice.quiet ? undefined : notice}>
            {notice.text}
          </Notice>
        )}
        <SourceForm
          defaults={toSourceValues(source)}
          stored={source.auth}
          sites={sites}
          organisation={organisation}
          isNew={false}
          onCancel={() => setEditing(false)}
          onSave={async (values: SourceFormValues) => {
            setNotice(null);
            try {
              const saved = await sourcesApi.save(source.id, toSourceInput(values, source.auth, source.mapping));
              setEditing(false);
              setNotice({ tone: "success", text: `Saved ${saved.name}.` });
              await load();
            } catch (err) {
              const fields = err instanceof ApiError ? formErrors(err.body.fields ?? {}) : {};
              setNotice({ tone: "error", text: `Not saved: ${failureText(err)}`, quiet: Object.keys(fields).length > 0 });
              return fields;
            }
          }}
        />
      </>
    );

  const pushUrl = `${location.origin}/api/inventory-sources/${encodeURIComponent(source.id)}/push`;
  const held = source.runs.find((r) => r.id === source.held && r.outcome === "held" && !r.resolution);
  const saveMapping = (mapping: SourceMapping) =>
    act("Saving the mapping", async () => {
      await sourcesApi.save(source.id, { ...toSourceInput(toSourceValues(source), source.auth, mapping) });
      return "Mapping confirmed: the next runs read the file this way.";
    });

  return (
    <>
      <ScreenHeading title={source.name} busy={busy !== null} />
      <p>
        <button type="button" className="btn btn--small btn--secondary" onClick={onBack}>
          Back to the sources
        </button>
      </p>
      {notice && (
        <Notice tone={notice.tone} result={notice.quiet ? undefined : notice}>
          {notice.text}
        </Notice>
      )}
      <dl className="facts">
        <Fact term="Kind">{KIND_NAMES[source.kind]}</Fact>
        <Fact term="Lot">{lotName(source.site)}</Fact>
        {source.kind === "pull" && (
          <>
            <Fact term="Address">{source.url}</Fact>
            <Fact term="Fetched">every {source.intervalMinutes} minutes</Fact>
          </>
        )}
        <Fact term="Next run">{source.nextRunAt ? formatTime(source.nextRunAt) : source.kind === "pull" ? "Paused" : "When a file comes in"}</Fact>
        <Fact term="Units it keeps">{source.units}</Fact>
        <Fact term="Mapping">{source.mapping ? "Confirmed" : "Not confirmed yet: preview a sample file below"}</Fact>
      </dl>

      {source.kind === "push" && (
        <section className="panel" aria-labelledby={`${id}-push`}>
          <h2 id={`${id}-push`}>Push address</h2>
          <p>The dealer system posts its file to this address, with the secret as a bearer token or as the HMAC-SHA256 key of X-Signature-SHA256.</p>
          <p className="source-url">
            <code>{pushUrl}</code>
          </p>
          {secretOnce ? (
            <Notice tone="info">
              <p>The push secret, shown this once: copy it into the dealer system now.</p>
              <p className="source-url">
                <code aria-label="Push secret">{secretOnce}</code>
              </p>
            </Notice>
          ) : (
            <p className="muted">Push secret: {source.pushSecret}</p>
          )}
          <button
            type="button"
            className="btn btn--small btn--secondary"
            disabled={busy !== null}
            onClick={() =>
              void act("Making a new secret", async () => {
                setSecretOnce(await sourcesApi.newSecret(source.id));
                return "A new push secret is made: the old one no longer works.";
              })
            }
          >
            Make a new push secret
          </button>
        </section>
      )}

      <div className="actions">
        {source.kind === "pull" && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy !== null}
            onClick={() =>
              void act("Sync", async () => {
                const run = await sourcesApi.sync(source.id);
                const text = `Sync ${runStatus(run).toLowerCase()}: ${countsText(run.counts)}.${run.message ? ` ${run.message}.` : ""}`;
                return { tone: run.outcome === "applied" || run.outcome === "unchanged" ? "success" : "info", text };
              })
            }
          >
            {busy === "Sync" ? "Syncing…" : "Sync now"}
          </button>
        )}
        <button type="button" className="btn btn--secondary" onClick={() => (setNotice(null), setEditing(true))}>
          Edit settings
        </button>
        <button type="button" className="btn btn--danger" onClick={() => setRemoving(true)}>
          Remove the source
        </button>
      </div>

      {held && (
        <section className="panel source-hold" aria-labelledby={`${id}-held`}>
          <h2 id={`${id}-held`}>A run is held</h2>
          <p>{held.message}.</p>
          <p>
            {formatTime(held.startedAt)}: {countsText(held.counts)}; {held.counts.missing} missing from the file.
          </p>
          <p className="muted">Apply plans it again on the inventory as it is now, without the safety stop. Discard keeps everything as it is.</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy !== null}
              onClick={() =>
                void act("Applying the run", async () => `Applied: ${countsText((await sourcesApi.resolve(source.id, held.id, "apply")).counts)}.`)
              }
            >
              Apply the held run
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={busy !== null}
              onClick={() =>
                void act("Discarding the run", async () => {
                  await sourcesApi.resolve(source.id, held.id, "discard");
                  return "Discarded: nothing was changed.";
                })
              }
            >
              Discard the held run
            </button>
          </div>
        </section>
      )}

      <Preview source={source} busy={busy !== null} onConfirm={(mapping) => void saveMapping(mapping)} />

      <section aria-labelledby={`${id}-runs`}>
        <h2 id={`${id}-runs`}>Last runs</h2>
        {source.runs.length === 0 ? (
          <p className="muted">No run yet.</p>
        ) : (
          <StackedTable label="Last runs" columns={["When", "Took", "Size", "Counts", "Status"]}>
            {source.runs.map((run) => (
              <tr key={run.id}>
                <td data-label="When">{formatTime(run.startedAt)}</td>
                <td data-label="Took">{durationText(run.ms)}</td>
                <td data-label="Size">{sizeText(run.bytes)}</td>
                <td data-label="Counts">
                  <div>
                    {countsText(run.counts)}
                    {run.skipped.length > 0 && (
                      <details>
                        <summary>Skipped rows</summary>
                        <SkippedList rows={run.skipped} />
                      </details>
                    )}
                    {run.photosAdded ? <p className="muted">{run.photosAdded === 1 ? "1 photo added" : `${run.photosAdded} photos added`}</p> : null}
                    {run.photoProblems && run.photoProblems.length > 0 && (
                      <details>
                        <summary>Photos not fetched ({run.photoProblems.length})</summary>
                        <ul className="plain-list source-skipped">
                          {run.photoProblems.map((p, i) => (
                            <li key={i}>
                              {p.stockNumber}, {p.url}: {p.reason}
                            </li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </div>
                </td>
                <td data-label="Status">
                  <div>
                    {runStatus(run)}
                    {run.message && <p className="muted source-run__message">{run.message}</p>}
                  </div>
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </section>

      <ConfirmDialog
        open={removing}
        title={`Remove ${source.name}?`}
        confirmLabel="Remove the source"
        onCancel={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false);
          void sourcesApi.remove(source.id).then(
            () => onRemoved(source.name),
            (err: unknown) => setNotice({ tone: "error", text: `Not removed: ${failureText(err)}` }),
          );
        }}
      >
        <p>It no longer fetches or takes files. Its units stay in the inventory, and their fields become the staff's to edit.</p>
      </ConfirmDialog>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SkippedList({ rows }: { rows: SourceRun["skipped"] }) {
  return (
    <ul className="plain-list source-skipped">
      {rows.map((r, i) => (
        <li key={i}>
          {r.where}
          {r.stockNumber ? ` (${r.stockNumber})` : ""}: {r.reason}
        </li>
      ))}
    </ul>
  );
}

/** A sample file's preview: the mapping proposed (editable) and the first 20 units as they would be saved. */
function Preview({ source, busy, onConfirm }: { source: SourceView; busy: boolean; onConfirm: (mapping: SourceMapping) => void }) {
  const id = useId();
  const [preview, setPreview] = useState<SourcePreview | null>(null);
  const [mapping, setMapping] = useState<SourceMapping | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = (event.currentTarget.elements.namedItem("sample") as HTMLInputElement).files?.[0];
    setFailure(null);
    if (!file) return setFailure("Choose a sample file: an export of the dealer system.");
    setReading(true);
    try {
      const answer = await sourcesApi.preview(source.id, file);
      setPreview(answer);
      setMapping(answer.mapping);
      requestAnimationFrame(() => result.current?.focus());
    } catch (err) {
      setPreview(null);
      setFailure(`Could not preview: ${errorMessage(err)}`);
    } finally {
      setReading(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-preview`} className="source-preview">
      <h2 id={`${id}-preview`}>Preview a sample file</h2>
      <p>Upload an export of the dealer system: you see how its columns map to ours and the first 20 units as they would be saved. Nothing is changed.</p>
      <form onSubmit={(e) => void send(e)} className="inline-form">
        <div className="field">
          <label htmlFor={`${id}-sample`}>Sample file</label>
          <input id={`${id}-sample`} name="sample" type="file" accept=".csv,.txt,.json,text/csv,application/json" />
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--secondary" disabled={reading}>
            {reading ? "Reading…" : "Preview"}
          </button>
        </div>
      </form>
      {failure && (
        <Notice tone="error" result={failure}>
          {failure}
        </Notice>
      )}
      {preview && mapping && (
        <div ref={result} tabIndex={-1} className="source-preview__result">
          <h3 id={`${id}-mapping`}>Column mapping</h3>
          <p className="muted">
            {preview.rows} {preview.rows === 1 ? "row" : "rows"} in the file.{" "}
            {source.mapping ? "The source's confirmed mapping" : "The mapping proposed from its headers"}; change any column, then confirm it.
          </p>
          {/* Two narrow columns: kept side by side on a phone too. */}
          <div className="table-wrap" role="region" aria-label="Column mapping" tabIndex={0}>
            <table className="table source-mapping">
              <thead>
                <tr>
                  <th scope="col">Our column</th>
                  <th scope="col">From the file's header</th>
                </tr>
              </thead>
              <tbody>
                {MAPPED_COLUMNS.map((column) => {
                  const chosen = mapping[column] ?? [];
                  const choices = headerChoices(preview.header, mapping);
                  const pick = (i: number) => (
                    <select
                      aria-label={i === 0 ? `${column} from` : `${column} joined with`}
                      value={chosen[i] ?? ""}
                      onChange={(e) => {
                        const next = [...chosen];
                        next[i] = e.target.value;
                        setMapping(withColumn(mapping, column, i === 0 && !e.target.value ? [] : next));
                      }}
                    >
                      <option value="">{i === 0 ? "— not read —" : "— nothing —"}</option>
                      {choices.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </select>
                  );
                  return (
                    <tr key={column}>
                      <th scope="row">{column}</th>
                      <td>
                        <div className="source-mapping__picks">
                          {pick(0)}
                          {JOINED.has(column) && chosen[0] && pick(1)}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => onConfirm(mapping)}>
              Confirm the mapping
            </button>
          </div>

          <h3>The first units as they would be saved</h3>
          <p className="muted">With the mapping as previewed: {countsText(preview.counts)}.</p>
          {preview.creates.length + preview.updates.length > 0 && (
            <StackedTable label="Units as they would be saved" columns={["Stock number", "Unit", "Price", "Status", "Lot", "Would be"]}>
              {preview.creates.map((u, i) => (
                <tr key={`c${i}`}>
                  <td data-label="Stock">{u.stockNumber}</td>
                  <td data-label="Unit">{u.name}</td>
                  <td data-label="Price">{formatPrice(u.price)}</td>
                  <td data-label="Status">{u.status}</td>
                  <td data-label="Lot">{u.location ?? "—"}</td>
                  <td data-label="Would be">Added</td>
                </tr>
              ))}
              {preview.updates.map((u, i) => (
                <tr key={`u${i}`}>
                  <td data-label="Stock">{u.stockNumber}</td>
                  <td data-label="Unit">{u.name}</td>
                  <td data-label="Price">—</td>
                  <td data-label="Status">—</td>
                  <td data-label="Lot">—</td>
                  <td data-label="Would be">Changed</td>
                </tr>
              ))}
            </StackedTable>
          )}
          {preview.skipped.length > 0 && (
            <>
              <h3>Skipped rows</h3>
              <SkippedList rows={preview.skipped} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
