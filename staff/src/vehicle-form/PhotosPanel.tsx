import { useRef, useState, type DragEvent } from "react";
import { isPhoto, parsePhoto, PHOTOS_PATH, variantName } from "../../../domain/photo";
import type { Vehicle } from "../../../domain/vehicle";
import { ApiError } from "../api/client";
import { staffApi, type Versioned } from "../api/staff-api";
import { uploadPhoto } from "../api/upload-photo";
import { Notice } from "../components/Notice";

/** What the file pickers offer; the server decides by the content, not by this. */
const ACCEPT = "image/jpeg,image/png,image/webp";

interface Upload {
  id: number;
  name: string;
  /** 0 to 1 of the bytes sent. */
  sent: number;
  state: "waiting" | "sending" | "processing" | "done" | "already" | "failed";
  message?: string;
}

const STATE_TEXT: Record<Upload["state"], (u: Upload) => string> = {
  waiting: () => "Waiting",
  sending: (u) => `Uploading, ${Math.round(u.sent * 100)} %`,
  processing: () => "Preparing the sizes…",
  done: () => "Added",
  already: () => "Already among the photos: not added again",
  failed: (u) => `Not added: ${u.message ?? "error"}`,
};

/**
 * The photos of a saved vehicle: add them (choose, take with the camera,
 * or drop; one progress bar per file), reorder them (the first is the main
 * photo) and remove one (with an Undo until the next change). Each change is saved at once: an upload by
 * POST …/photos, an order or a removal by PATCH of the images list, based on
 * the list shown, so it keeps others' changes to other fields and conflicts
 * only with a change to the photos. `onSaved` gets the new version.
 */
export function PhotosPanel({ vehicle, etag, onSaved }: { vehicle: Vehicle; etag: string; onSaved: (v: Versioned) => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  /** `undo`: a removed photo and its place, offered back until the next change here. */
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string; undo?: { src: string; index: number } } | null>(null);
  const nextId = useRef(0);
  const queue = useRef(Promise.resolve());
  const photos = vehicle.images.filter(isPhoto);

  const patch = (id: number, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));

  /** Files go one at a time, in the order chosen: the server prepares one photo at a time anyway. */
  const add = (files: FileList | File[] | null) => {
    const list = [...(files ?? [])];
    if (!list.length) return;
    setNotice(null);
    const items = list.map((file) => ({ file, upload: { id: nextId.current++, name: file.name || "photo", sent: 0, state: "waiting" as const } }));
    setUploads((all) => [...all.filter((u) => u.state !== "done" && u.state !== "already"), ...items.map((i) => i.upload)]);
    for (const { file, upload } of items) {
      queue.current = queue.current.then(async () => {
        patch(upload.id, { state: "sending" });
        try {
          const saved = await uploadPhoto(vehicle.id, file, (sent, total) => {
            patch(upload.id, sent < total ? { sent: sent / total } : { sent: 1, state: "processing" });
          });
          patch(upload.id, { sent: 1, state: saved.added ? "done" : "already" });
          onSaved(saved);
        } catch (err) {
          patch(upload.id, { state: "failed", message: err instanceof Error ? err.message : String(err) });
        }
      });
    }
  };

  const saveOrder = async (images: string[], done: string, undo?: { src: string; index: number }) => {
    setBusy(true);
    setNotice(null);
    try {
      onSaved(await staffApi.editVehicle(vehicle.id, { changes: { images }, base: { images: vehicle.images } }, etag));
      setNotice({ tone: "success", text: done, ...(undo && { undo }) });
    } catch (err) {
      if (err instanceof ApiError && err.status === 412 && err.body.current) {
        onSaved({ vehicle: err.body.current as Vehicle, etag: err.headers?.get("ETag") ?? etag });
        setNotice({ tone: "error", text: "Not saved: someone else changed the photos meanwhile. The photos below are theirs now; try again." });
      } else setNotice({ tone: "error", text: `Not saved: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setBusy(false);
    }
  };

  /** The images list with the photos in a new order; drawings and links keep their place after them. */
  const withPhotos = (ordered: string[]) => [...ordered, ...vehicle.images.filter((src) => !isPhoto(src))];
  const move = (from: number, to: number) => {
    const ordered = [...photos];
    const [moved] = ordered.splice(from, 1);
    ordered.splice(to, 0, moved!);
    void saveOrder(withPhotos(ordered), to === 0 ? `Photo ${from + 1} is now the main photo.` : `Photo ${from + 1} moved to place ${to + 1}.`);
  };
  // A removed photo's files stay on the server until `npm run photos -- sweep`, so putting its entry back restores it.
  const remove = (index: number) =>
    void saveOrder(withPhotos(photos.filter((_, i) => i !== index)), `Photo ${index + 1} removed.`, { src: photos[index]!, index });
  const restore = ({ src, index }: { src: string; index: number }) => {
    const ordered = photos.filter((p) => p !== src);
    ordered.splice(Math.min(index, ordered.length), 0, src);
    void saveOrder(withPhotos(ordered), `Photo ${index + 1} is back in its place.`);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  return (
    <section className="photos" aria-labelledby="photos-heading">
      <h2 id="photos-heading">Photos</h2>
      <p className="field-hint">
        JPEG, PNG or WebP, up to 25 MB and 50 megapixels each. The first photo is the main one, on cards and at the top of the vehicle's page. Without photos,
        the site shows the drawing.
      </p>
      <div
        className={dragging ? "dropzone dropzone--over" : "dropzone"}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop photos here, or</p>
        <label className="btn btn--secondary">
          Choose photos
          <input
            className="visually-hidden"
            type="file"
            accept={ACCEPT}
            multiple
            onChange={(e) => {
              add(e.currentTarget.files);
              e.currentTarget.value = "";
            }}
          />
        </label>
        <label className="btn btn--secondary">
          Take a photo
          <input
            className="visually-hidden"
            type="file"
            accept={ACCEPT}
            capture="environment"
            onChange={(e) => {
              add(e.currentTarget.files);
              e.currentTarget.value = "";
            }}
          />
        </label>
      </div>
      {uploads.length > 0 && (
        <ul className="uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className={`upload upload--${u.state}`}>
              <span className="upload__name">{u.name}</span>
              <progress max={1} value={u.state === "processing" ? undefined : u.sent} aria-label={`${u.name}: upload`} />
              <span className="upload__state" role={u.state === "failed" ? "alert" : undefined}>
                {STATE_TEXT[u.state](u)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
          {notice.undo && (
            <>
              {" "}
              <button type="button" className="btn btn--small btn--secondary" disabled={busy} onClick={() => restore(notice.undo!)}>
                Undo
              </button>
            </>
          )}
        </Notice>
      )}
      {photos.length > 0 ? (
        <ol className="photo-list" aria-label="Photos, main first">
          {photos.map((src, i) => {
            const photo = parsePhoto(src)!;
            return (
              <li key={src} className="photo-list__item">
                <img
                  src={`${PHOTOS_PATH}${variantName(photo, Math.min(480, photo.width), "webp")}`}
                  alt={`Photo ${i + 1}`}
                  width={160}
                  height={100}
                  loading="lazy"
                />
                <span className="photo-list__label">{i === 0 ? "Main photo" : `Photo ${i + 1}`}</span>
                <span className="photo-list__actions">
                  <button
                    type="button"
                    className="btn btn--small btn--secondary"
                    disabled={busy || i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={`Move photo ${i + 1} earlier`}
                  >
                    ↑ Earlier
                  </button>
                  <button
                    type="button"
                    className="btn btn--small btn--secondary"
                    disabled={busy || i === photos.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move photo ${i + 1} later`}
                  >
                    ↓ Later
                  </button>
                  <button type="button" className="btn btn--small btn--danger" disabled={busy} onClick={() => remove(i)} aria-label={`Remove photo ${i + 1}`}>
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="muted">No photos yet.</p>
      )}
    </section>
  );
}
