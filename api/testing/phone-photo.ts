import sharp from "sharp";

/** The GPS IFD pointer tag (0x8825), in either byte order: present when an EXIF block carries a position. */
const GPS_TAG = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])];
export const hasGps = (exif: Buffer | undefined): boolean => !!exif && GPS_TAG.some((tag) => exif.includes(tag));

/**
 * A photo as a phone takes it: a 4032×3024 JPEG (12 MP, about 6 MB with its
 * grain) stored sideways with EXIF orientation 6 (turn 90° clockwise to show)
 * and the GPS position of the lot. Stored, its top third is red and the rest
 * blue; shown upright it is 3024×4032 with the red band down its RIGHT side.
 */
export async function phoneJpeg({ width = 4032, height = 3024, grain = true } = {}): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const red = y < height / 3;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = grain ? Math.imul(i, 2654435761) >>> 26 : 0;
      raw[i] = red ? 200 + n : 20 + n;
      raw[i + 1] = 40 + n;
      raw[i + 2] = red ? 30 : 200 + n;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Lot Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 46/1 3000/100", GPSLongitudeRef: "W", GPSLongitude: "75/1 8/1 1200/100" },
    })
    .withMetadata({ orientation: 6 })
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
