import { useEffect, useMemo, useState } from "react";
import type { Vehicle } from "../../../domain/vehicle";
import { vehicleEdit, type EditableVehicleField } from "../../../domain/vehicle-edit";
import { ApiError, type EditConflict } from "../api/client";
import { staffApi, type Versioned } from "../api/staff-api";
import { arrivalNotice, navigateWithNotice } from "../components/arrival-notice";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { BASE, Link, vehiclePath } from "../router";
import { ConflictPanel } from "../vehicle-form/ConflictPanel";
import { EMPTY_FORM, newCartForm, toFormValues, VehicleFormSchema, type VehicleFormValues } from "../vehicle-form/form-values";
import { VehicleForm, type Lot } from "../vehicle-form/VehicleForm";
import { PhotosPanel } from "../vehicle-form/PhotosPanel";
import { LotTransfer } from "../vehicle-form/LotTransfer";
import { isPhoto } from "../../../domain/photo";
import { errorMessage } from "../error-message";
import { useLiveLoad } from "../use-live-load";
import { inventoryPath } from "../inventory-url";
import { vehicleHistoryPath } from "./History";

type Loaded = { state: "loading" } | { state: "missing" } | { state: "failed"; message: string } | { state: "ready"; vehicle: Vehicle | null; etag: string };

/**
 * Add a vehicle (id null) or edit one: a Save sends only the fields the user changed, based on the version the form
 * was loaded from (never the Photos panel's newer one), so it never puts back a value someone else replaced; a
 * conflict lists the fields both changed. Delete asks first.
 */
export function VehicleEditor({ id }: { id: string | null }) {
  const [loaded, setLoaded] = useState<Loaded>(id ? { state: "loading" } : { state: "ready", vehicle: null, etag: "" });
  /** The form's starting values; a new object (and key) when the form is to start over. */
  const [form, setForm] = useState<{ key: number; values: VehicleFormValues }>({ key: 0, values: EMPTY_FORM });
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  /** The fields a save could not merge (412), or null. */
  const [conflict, setConflict] = useState<EditConflict[] | null>(null);
  /** The Photos panel's version: newer than the form's after a photo change, which the form's next Save does not take as its base. */
  const [photos, setPhotos] = useState<Versioned | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [suggestions, setSuggestions] = useState<{ brands: string[]; categories: string[] }>({ brands: [], categories: [] });

  const [lots, setLots] = useState<Lot[]>([]);
  /** Every site of the deployment (what a cart can be shown on), and the sites a scoped account acts on (undefined: all). */
  const [shownOn, setShownOn] = useState<{ choices: Lot[]; own: string[] | undefined }>({ choices: [], own: undefined });

  // Another vehicle (or a new one): the screen starts over.
  useEffect(() => {
    const arrived = arrivalNotice();
    setNotice(arrived ? { tone: "success", text: arrived } : null);
    setConflict(null);
    setPhotos(null);
    setLoaded(id ? { state: "loading" } : { state: "ready", vehicle: null, etag: "" });
    if (!id) setForm((f) => ({ key: f.key + 1, values: EMPTY_FORM }));
  }, [id]);
  useLiveLoad(
    () => (id ? staffApi.vehicle(id) : Promise.resolve(null)),
    (found) => {
      if (!found) return;
      setLoaded({ state: "ready", ...found });
      setForm((f) => ({ key: f.key + 1, values: toFormValues(found.vehicle) }));
    },
    (err) => {
      if (err instanceof ApiError && err.status === 404) setLoaded({ state: "missing" });
      else setLoaded({ state: "failed", message: errorMessage(err) });
    },
    [id],
  );
  // Suggestions only: without them the inputs still take any brand or category.
  useLiveLoad(
    () => staffApi.vehicles(),
    (all) => {
      const unique = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
      setSuggestions({ brands: unique(all.map((v) => v.brand)), categories: unique(all.map((v) => v.category)) });
    },
    () => undefined,
    [id],
  );
  // The lots a unit can stand on: the sites this account acts on (GET /api/staff/sites); the API refuses any other.
  useLiveLoad(
    () => Promise.all([staffApi.sites(), staffApi.session()]),
    ([{ sites, everySite }, session]) => {
      setLots(sites.map((site) => ({ id: site.id, name: site.name })));
      const own = session?.sites;
      setShownOn({ choices: (everySite ?? sites).map(({ id: siteId, name }) => ({ id: siteId, name })), own });
      // A scoped account's new cart starts on its own sites, as the API would show it.
      if (!id && own) setForm((f) => ({ key: f.key + 1, values: newCartForm(own) }));
    },
    () => setLots([]),
    [id],
  );

  const title = useMemo(() => {
    if (!id) return "Add a vehicle";
    if (loaded.state === "ready" && loaded.vehicle) return `Edit ${loaded.vehicle.name}`;
    return "Edit vehicle";
  }, [id, loaded]);

  if (loaded.state === "loading") return <ScreenHeading title={title} busy />;
  if (loaded.state === "missing" || loaded.state === "failed") {
    return (
      <>
        <ScreenHeading title={title} />
        <Notice tone="error">
          {loaded.state === "missing" ? `There is no vehicle “${id}”: it may have been deleted.` : `Could not load the vehicle: ${loaded.message}`}
        </Notice>
        <p>
          <Link href={inventoryPath()}>Back to the inventory</Link>
        </p>
      </>
    );
  }

  /** A version the server answered becomes what the form, the photos and the next save start from. */
  const startFrom = (saved: Versioned) => {
    setLoaded({ state: "ready", ...saved });
    setPhotos(saved);
    setForm((f) => ({ key: f.key + 1, values: toFormValues(saved.vehicle) }));
  };

  const save = async (vehicle: Omit<Vehicle, "id"> & { id?: string }): Promise<Record<string, string> | void> => {
    setNotice(null);
    try {
      if (!loaded.vehicle) {
        const created = await staffApi.createVehicle(vehicle);
        navigateWithNotice(
          vehiclePath(created.vehicle.id),
          created.vehicle.draft
            ? `Created ${created.vehicle.name} as a draft: it is not on the site yet. Add its photos below, then untick Draft and save to publish it.`
            : `Created ${created.vehicle.name}. It is on the site now; add its photos below.`,
        );
        return;
      }
      const base = loaded.vehicle;
      const shown = photos?.vehicle ?? base;
      // The photos are the panel's (as it shows them); the form holds only the drawings and links.
      const withPhotos = (images: readonly string[]) => [...shown.images.filter(isPhoto), ...images.filter((src) => !isPhoto(src))];
      const edited = { ...vehicle, id: base.id, images: withPhotos(vehicle.images) };
      // What the form held when loaded, as it would send it: a field that differs from it is one this user changed.
      const asLoaded = VehicleFormSchema.safeParse(form.values);
      const reference = asLoaded.success ? { ...asLoaded.data, id: base.id, images: withPhotos(asLoaded.data.images) } : base;
      const { changes } = vehicleEdit(reference, edited);
      const fields = Object.keys(changes) as EditableVehicleField[];
      if (!fields.length) {
        setNotice({ tone: "success", text: "Nothing to save: no field was changed." });
        return;
      }
      const was = Object.fromEntries(fields.map((f) => [f, (f === "images" ? shown.images : base[f]) ?? null]));
      const saved = await staffApi.editVehicle(base.id, { changes, base: was }, loaded.etag);
      startFrom(saved);
      setConflict(null);
      const published = "draft" in changes ? (saved.vehicle.draft ? " It is a draft again: not on the site." : " It is published: on the site now.") : "";
      setNotice({ tone: "success", text: `Saved ${saved.vehicle.name}.${published}` });
    } catch (err) {
      if (err instanceof ApiError && err.status === 412 && err.body.current) {
        const current = { vehicle: err.body.current as Vehicle, etag: err.headers?.get("ETag") ?? loaded.etag };
        // The form keeps the user's values; the next Save is based on this newer version, so it replaces the listed fields knowingly.
        setLoaded({ state: "ready", ...current });
        setPhotos(current);
        setConflict(err.body.conflicts ?? []);
        return;
      }
      if (err instanceof ApiError && err.status === 400 && err.body.fields) {
        setNotice({ tone: "error", text: `Not saved: ${err.message}. Check the fields marked below.` });
        return err.body.fields;
      }
      // A change this account may not make (a site not its own, another site's lot): said at the field concerned.
      if (err instanceof ApiError && err.status === 403 && err.body.fields) {
        setNotice({ tone: "error", text: `Not saved: ${err.message}` });
        return err.body.fields;
      }
      if (err instanceof ApiError && err.status === 401) {
        setNotice({ tone: "error", text: "Not saved: your session has ended. Sign in again, then Save: your changes are still in the form." });
        return;
      }
      if (err instanceof ApiError && err.status === 409) {
        // The API names the field that is taken: a stock number another unit has, else the id.
        const fields = err.body.fields ?? { id: err.message };
        setNotice({
          tone: "error",
          text: fields.stockNumber ? "Not saved: another vehicle has this stock number." : "Not saved: a vehicle with this ID exists already.",
        });
        return fields;
      }
      setNotice({ tone: "error", text: `Not saved: ${errorMessage(err)}` });
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    if (!loaded.vehicle) return;
    try {
      await staffApi.deleteVehicle(loaded.vehicle.id);
      navigateWithNotice(BASE, `Deleted ${loaded.vehicle.name}. Its page on the site now answers “not found”.`);
    } catch (err) {
      setNotice({ tone: "error", text: `Not deleted: ${errorMessage(err)}` });
    }
  };

  return (
    <>
      <ScreenHeading title={title} />
      <p>
        <Link href={inventoryPath()}>Back to the inventory</Link>
        {loaded.vehicle && (
          <>
            {" · "}
            <Link href={vehicleHistoryPath(loaded.vehicle.id)}>History of this cart</Link>
          </>
        )}
      </p>
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
        </Notice>
      )}
      {conflict && (
        <ConflictPanel
          conflicts={conflict}
          onUseNewer={() => {
            setConflict(null);
            if (loaded.vehicle) startFrom({ vehicle: loaded.vehicle, etag: loaded.etag });
            setNotice({ tone: "success", text: "The form now shows the newer version. Your own changes were discarded." });
          }}
        />
      )}
      {/* Before the form: on a phone, where photos are taken, they are not screens below it. */}
      {loaded.vehicle ? (
        <PhotosPanel vehicle={photos?.vehicle ?? loaded.vehicle} etag={photos?.etag ?? loaded.etag} onSaved={setPhotos} />
      ) : (
        <p className="muted">Photos can be added once the vehicle is saved.</p>
      )}
      <VehicleForm
        key={form.key}
        defaults={form.values}
        isNew={!loaded.vehicle}
        onSave={save}
        brands={suggestions.brands}
        categories={suggestions.categories}
        lots={lots}
        siteChoices={shownOn.choices}
        ownSites={shownOn.own}
      />
      {loaded.vehicle && shownOn.choices.length > 1 && (
        <LotTransfer
          vehicle={photos?.vehicle ?? loaded.vehicle}
          etag={photos?.etag ?? loaded.etag}
          lotName={(lot) => shownOn.choices.find((site) => site.id === lot)?.name ?? lot ?? "no site"}
          onMoved={(saved, text) => {
            startFrom(saved);
            setNotice({ tone: "success", text });
          }}
        />
      )}
      {loaded.vehicle && (
        <section className="danger-zone" aria-labelledby="delete-heading">
          <h2 id="delete-heading">Delete</h2>
          <p>Deleting takes the vehicle off the site at once: its page answers “not found”.</p>
          <button type="button" className="btn btn--danger" onClick={() => setConfirmDelete(true)}>
            Delete vehicle
          </button>
          <ConfirmDialog
            open={confirmDelete}
            title={`Delete ${loaded.vehicle.name}?`}
            confirmLabel="Delete"
            onConfirm={() => void remove()}
            onCancel={() => setConfirmDelete(false)}
          >
            <p>This cannot be undone. To take a cart off the site for now, mark it on hold or sold instead.</p>
          </ConfirmDialog>
        </section>
      )}
    </>
  );
}
