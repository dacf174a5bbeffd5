import type { Vehicle } from "../../../domain/vehicle";
import { ApiError, sessionLost, type ApiErrorBody } from "./client";
import type { Versioned } from "./staff-api";

/**
 * POST one photo to /api/staff/vehicles/:id/photos (multipart field
 * `photo`), reporting the bytes sent: fetch cannot tell upload progress, so
 * this one call uses XMLHttpRequest. Resolves with the updated vehicle and
 * its ETag (`added` false when the photo was among the vehicle's already:
 * 200, not 201); rejects with ApiError, the server's own message included.
 */
export function uploadPhoto(
  vehicleId: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Versioned & { added: boolean }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/staff/vehicles/${encodeURIComponent(vehicleId)}/photos`);
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201 || xhr.status === 200)
        return resolve({ vehicle: body as Vehicle, etag: xhr.getResponseHeader("ETag") ?? "", added: xhr.status === 201 });
      if (xhr.status === 401) sessionLost();
      const error = (body && typeof body === "object" ? body : {}) as ApiErrorBody;
      reject(new ApiError(xhr.status, error.error ?? `The server answered ${xhr.status}`, error, null));
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload did not reach the server. Check the connection and try again.", {}, null));
    xhr.onabort = () => reject(new ApiError(0, "Upload cancelled.", {}, null));
    signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("photo", file, file.name);
    xhr.send(form);
  });
}
