import { useRef, useState, type KeyboardEvent } from "react";
import { dealerUrl } from "../shared/api-base";
import { CartIcon } from "../inventory/CartIcon";

/** Intrinsic size of the main image (16:10, as the catalogue's), reserved before it loads. */
const MAIN_WIDTH = 800;
const MAIN_HEIGHT = 500;

/** Arrow keys, Home and End move through the thumbnails; the index wraps. */
const STEP: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** The main image (the first one to start) and, when there are several, thumbnails that choose it. */
export function Gallery({ images, name, apiBase }: { images: readonly string[]; name: string; apiBase: string }) {
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<readonly number[]>([]);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const n = images.length;
  const current = Math.min(index, Math.max(n - 1, 0));
  const src = images[current];

  const choose = (i: number) => {
    setIndex(i);
    thumbs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = STEP[e.key];
    if (!step) return;
    e.preventDefault();
    choose(step(current, n));
  };

  return (
    <div className="gallery" part="gallery">
      <div className="main-image" part="image">
        {src && !broken.includes(current) ? (
          <img
            src={dealerUrl(apiBase, src)}
            alt={n > 1 ? `${name}, image ${current + 1} of ${n}` : name}
            width={MAIN_WIDTH}
            height={MAIN_HEIGHT}
            decoding="async"
            onError={() => setBroken((b) => [...b, current])}
          />
        ) : (
          <div className="placeholder" role="img" aria-label={`${name}: photo coming soon`}>
            <CartIcon />
          </div>
        )}
      </div>
      {n > 1 && (
        <div className="thumbs" role="group" aria-label="Vehicle images" onKeyDown={onKeyDown}>
          {images.map((image, i) => (
            <button
              key={`${i}-${image}`}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              className="thumb"
              part="thumbnail"
              aria-label={`Show image ${i + 1} of ${n}`}
              aria-pressed={i === current}
              tabIndex={i === current ? 0 : -1}
              onClick={() => choose(i)}
            >
              {broken.includes(i) ? (
                <CartIcon />
              ) : (
                <img
                  loading="lazy"
                  decoding="async"
                  src={dealerUrl(apiBase, image)}
                  alt=""
                  width={80}
                  height={50}
                  onError={() => setBroken((b) => [...b, i])}
                />
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
