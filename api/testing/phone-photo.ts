import sharp from "sharp";

/** The GPS IFD pointer tag (0x8825), in either byte order: present when an EXIF block carries a position. */
const GPS_TAG = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];
export const hasGps = (exif: Buffer | undefined): boolean => !!exif && GPS_TAG.some((tag) => exif.includes(tag));

/** Value noise: random values on a coarse grid, smoothly enlarged to width × height (one octave of a texture). */
async function octave(width: number, height: number, cols: number, rows: number, seed: number): Promise<Buffer> {
  const grid = Buffer.alloc(cols * rows);
  let x = seed;
  for (let i = 0; i < grid.length; i++) {
    x = (Math.imul(x ^ (x >>> 15), 2246822519) + 0x9e3779b9) | 0;
    grid[i] = (x >>> 24) & 255;
  }
  return sharp(grid, { raw: { width: cols, height: rows, channels: 1 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
}

/**
 * A photo as a phone takes it: a 4032×3024 JPEG (12 MP, about 3 MB) stored
 * sideways with EXIF orientation 6 (turn 90° clockwise to show) and the GPS
 * position of the lot. Its texture has detail at every scale, as a photo's
 * has, so each served width costs what a photo's would (a 960 px AVIF of
 * about 65 kB). Stored, its top third is red and the rest blue; shown
 * upright it is 3024×4032 with the red band down its RIGHT side. With
 * `orientation: 3` (the phone held landscape, upside down) it shows
 * 4032×3024 with the red band along its bottom.
 */
export async function phoneJpeg({ width = 4032, height = 3024, orientation = 6 } = {}): Promise<Buffer> {
  const scales: [cells: number, amplitude: number][] = [
    [126, 60],
    [32, 40],
    [8, 25],
    [2, 15],
  ];
  const layers = await Promise.all(scales.map(([cell], k) => octave(width, height, Math.ceil(width / cell), Math.ceil(height / cell), k + 1)));
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const red = y < height / 3;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let n = 0;
      for (let k = 0; k < scales.length; k++) n += ((layers[k]![p]! - 128) * scales[k]![1]) / 128;
      const i = p * 3;
      // The same texture on every channel: red stays 150 over blue in the band, blue 140 over red elsewhere.
      raw[i] = Math.max(0, Math.min(255, (red ? 190 : 40) + n));
      raw[i + 1] = Math.max(0, Math.min(255, 90 + n));
      raw[i + 2] = Math.max(0, Math.min(255, (red ? 40 : 180) + n));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Lot Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 46/1 3000/100", GPSLongitudeRef: "W", GPSLongitude: "75/1 8/1 1200/100" },
    })
    .withMetadata({ orientation })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A PNG whose header claims width × height but whose pixels are not there: a decompression bomb's header. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const { crc32 } = await import("node:zlib");
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  // IHDR: length(4) "IHDR"(4) width(4) height(4) ... crc(4), starting at byte 8.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}
