import { pictureSet, type PictureSlot } from "../../domain/photo";

/** When an image loads: when scrolled near; at once; at once and ahead of everything else (the page's largest paint). */
export type PictureLoading = "lazy" | "eager" | "high";

export interface VehiclePictureProps {
  /** An entry of a vehicle's `images`: an uploaded photo or a drawing. */
  src: string;
  alt: string;
  slot: PictureSlot;
  /** Intrinsic size of a drawing (a photo's comes from its entry). */
  width: number;
  height: number;
  loading?: PictureLoading;
  /** Turns a served path into the URL to load (the dealer's origin, on a partner page). */
  url?: (path: string) => string;
  className?: string;
  onError?: () => void;
}

/**
 * A vehicle image, the one markup every page and widget uses: for an
 * uploaded photo, a `<picture>` with AVIF and WebP sources at every width
 * and `sizes` for its slot (so a phone fetches a small file and a desktop a
 * large one), the 1200 px JPEG as fallback; for a drawing, the `<img>` alone.
 * Width and height are always set, so nothing moves as it loads. Rendered by
 * React on the server and by preact/compat in the widgets.
 */
export function VehiclePicture({ src, alt, slot, width, height, loading = "lazy", url, className, onError }: VehiclePictureProps) {
  const set = pictureSet(src, slot, { width, height }, url);
  const lazy = loading === "lazy";
  // `loading` before `src`: preact sets attributes in this order, and a src set first starts the download at once.
  const img = (
    <img
      loading={lazy ? "lazy" : "eager"}
      decoding={lazy ? "async" : undefined}
      fetchPriority={loading === "high" ? "high" : undefined}
      className={className}
      src={set.src}
      alt={alt}
      width={set.width}
      height={set.height}
      onError={onError}
    />
  );
  if (!set.sources.length) return img;
  return (
    <picture>
      {set.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={set.sizes} />
      ))}
      {img}
    </picture>
  );
}
