import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { dealerUrl } from "../shared/api-base";
import { VehiclePicture } from "../shared/VehiclePicture";
import { CartIcon } from "../shared/CartIcon";

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

/** A horizontal move of at least this many CSS pixels, more sideways than up or down, is a swipe. */
const SWIPE_PX = 40;

/**
 * The main image (the first one to start) and, when there are several,
 * previous and next buttons, a swipe on the image, and thumbnails that
 * choose it (arrow keys, Home and End among them).
 */
export function Gallery({ images, name, apiBase }: { images: readonly string[]; name: string; apiBase: string }) {
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<readonly number[]>([]);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const n = images.length;
  const current = Math.min(index, Math.max(n - 1, 0));
  const src = images[current];

  const choose = (i: number) => {
    setIndex(i);
    thumbs.current[i]?.focus();
  };
  const show = (i: number) => setIndex(((i % n) + n) % n);
  const onPointerDown = (e: PointerEvent) => {
    if (n > 1 && e.isPrimary) swipe.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - start.y)) show(current + (dx < 0 ? 1 : -1));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = STEP[e.key];
    if (!step) return;
    e.preventDefault();
    choose(step(current, n));
  };

  return (
    <div className="gallery" part="gallery">
      <div className="main-image" part="image" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
        {src && !broken.includes(current) ? (
          <VehiclePicture
            key={src}
            src={src}
            alt={n > 1 ? `${name}, image ${current + 1} of ${n}` : name}
            slot="detail"
            width={MAIN_WIDTH}
            height={MAIN_HEIGHT}
            loading={current === 0 ? "high" : "eager"}
            url={(path) => dealerUrl(apiBase, path)}
            onError={() => setBroken((b) => [...b, current])}
          />
        ) : (
          <div className="placeholder" role="img" aria-label={`${name}: photo coming soon`}>
            <CartIcon />
          </div>
        )}
        {n > 1 && (
          <>
            <button type="button" className="step step--previous" part="previous" aria-label="Previous image" onClick={() => show(current - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="step step--next" part="next" aria-label="Next image" onClick={() => show(current + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </>
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
                <VehiclePicture
                  src={image}
                  alt=""
                  slot="thumb"
                  width={80}
                  height={50}
                  url={(path) => dealerUrl(apiBase, path)}
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
