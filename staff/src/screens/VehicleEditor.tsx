import { useEffect, useMemo, useState } from "react";
import type { Vehicle } from "../../../domain/vehicle";
import { ApiError } from "../api/client";
import { staffApi } from "../api/staff-api";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Notice } from "../components/Notice";
import { ScreenHeading } from "../components/ScreenHeading";
import { BASE, Link, navigate, vehiclePath } from "../router";
import { ConflictPanel } from "../vehicle-form/ConflictPanel";
import { EMPTY_FORM, toFormValues, type VehicleFormValues } from "../vehicle-form/form-values";
import { VehicleForm } from "../vehicle-form/VehicleForm";
import { PhotosPanel } from "../vehicle-form/PhotosPanel";
import { isPhoto } from "../../../domain/photo";

type Loaded = { state: "loading" } | { state: "missing" } | { state: "failed"; message: string } | { state: "ready"; vehicle: Vehicle | null; etag: string };

/** Add a vehicle (id null) or edit one: save with If-Match, tell a conflict, delete with a confirmation. */
export function VehicleEditor({ id }: { id: string | null }) {
  const [loaded, setLoaded] = useState<Loaded>(id ? { state: "loading" } : { state: "ready", vehicle: null, etag: "" });
  /** The form's starting values; a new object (and key) when the form is to start over. */
  const [form, setForm] = useState<{ key: number; values: VehicleFormValues }>({ key: 0, values: EMPTY_FORM });
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [conflict, setConflict] = useState<Vehicle | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [suggestions, setSuggestions] = useState<{ brands: string[]; categories: string[] }>({ brands: [], categories: [] });

  useEffect(() => {
    let live = true;
    setNotice(null);
    setConflict(null);
    if (!id) {
      setLoaded({ state: "ready", vehicle: null, etag: "" });
      setForm((f) => ({ key: f.key + 1, values: EMPTY_FORM }));
    } else {
      setLoaded({ state: "loading" });
      staffApi.vehicle(id).then(
        ({ vehicle, etag }) => {
          if (!live) return;
          setLoaded({ state: "ready", vehicle, etag });
          setForm((f) => ({ key: f.key + 1, values: toFormValues(vehicle) }));
        },
        (err: unknown) => {
          if (!live) return;
          if (err instanceof ApiError && err.status === 404) setLoaded({ state: "missing" });
          else setLoaded({ state: "failed", message: err instanceof Error ? err.message : String(err) });
        },
      );
    }
    staffApi.vehicles().then(
      (all) => {
        if (!live) return;
        const unique = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
        setSuggestions({ brands: unique(all.map((v) => v.brand)), categories: unique(all.map((v) => v.category)) });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [id]);

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
          <Link href={BASE}>Back to the inventory</Link>
        </p>
      </>
    );
  }

  const save = async (vehicle: Omit<Vehicle, "id"> & { id?: string }): Promise<Record<string, string> | void> => {
    setNotice(null);
    try {
      if (!loaded.vehicle) {
        const created = await staffApi.createVehicle(vehicle);
        navigate(vehiclePath(created.vehicle.id));
        return;
      }
      // The photos are the panel's: the stored ones first, then the form's drawings and links.
      const images = [...loaded.vehicle.images.filter(isPhoto), ...vehicle.images.filter((src) => !isPhoto(src))];
      const saved = await staffApi.updateVehicle(loaded.vehicle.id, { ...vehicle, images, id: loaded.vehicle.id }, loaded.etag);
      setLoaded({ state: "ready", vehicle: saved.vehicle, etag: saved.etag });
      setConflict(null);
      setNotice({ tone: "success", text: `Saved ${saved.vehicle.name}.` });
    } catch (err) {
      if (err instanceof ApiError && err.status === 412 && err.body.current) {
        const current = err.body.current as Vehicle;
        // The next Save replaces this newer version, knowingly: the user has seen it.
        setLoaded({ state: "ready", vehicle: current, etag: err.headers?.get("ETag") ?? loaded.etag });
        setConflict(current);
        return;
      }
      if (err instanceof ApiError && err.status === 400 && err.body.fields) {
        setNotice({ tone: "error", text: `Not saved: ${err.message}. Check the fields marked below.` });
        return err.body.fields;
      }
      if (err instanceof ApiError && err.status === 401) {
        setNotice({ tone: "error", text: "Not saved: your session has ended. Sign in again, then Save: your changes are still in the form." });
        return;
      }
      if (err instanceof ApiError && err.status === 409) {
        setNotice({ tone: "error", text: "Not saved: a vehicle with this ID exists already." });
        return { id: err.message };
      }
      setNotice({ tone: "error", text: `Not saved: ${err instanceof Error ? err.message : String(err)}` });
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    if (!loaded.vehicle) return;
    try {
      await staffApi.deleteVehicle(loaded.vehicle.id);
      navigate(BASE);
    } catch (err) {
      setNotice({ tone: "error", text: `Not deleted: ${err instanceof Error ? err.message : String(err)}` });
    }
  };

  return (
    <>
      <ScreenHeading title={title} />
      <p>
        <Link href={BASE}>Back to the inventory</Link>
      </p>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {conflict && (
        <ConflictPanel
          current={conflict}
          onUseNewer={() => {
            setConflict(null);
            setForm((f) => ({ key: f.key + 1, values: toFormValues(conflict) }));
            setNotice({ tone: "success", text: "The form now shows the newer version. Your own changes were discarded." });
          }}
        />
      )}
      <VehicleForm
        key={form.key}
        defaults={form.values}
        isNew={!loaded.vehicle}
        onSave={save}
        brands={suggestions.brands}
        categories={suggestions.categories}
      />
      {loaded.vehicle ? (
        <PhotosPanel vehicle={loaded.vehicle} etag={loaded.etag} onSaved={(saved) => setLoaded({ state: "ready", vehicle: saved.vehicle, etag: saved.etag })} />
      ) : (
        <p className="muted">Photos can be added once the vehicle is saved.</p>
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
