/**
 * Draws the site's own flat-design SVG illustrations into host-site/public/ (pure string templating, no dependencies).
 *   npx tsx scripts/draw-illustrations.ts
 * The output is committed; the site never runs this at start-up. Re-run it after adding vehicles to
 * domain/catalogue/catalogue-facts.json (one side view per vehicle id is drawn from its seats, category and series).
 *
 * images/og-default.png is a one-off render of images/og-default.svg with headless Chromium (its sky is a vertical
 * gradient so the PNG compresses well, ~75 kB): a throwaway HTML file
 * `<body style="margin:0"><img src="og-default.svg" width="1200" height="630">` next to it, then
 *   chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
 *     --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$(mktemp -d)" \
 *     --screenshot=og-default.png --window-size=1200,630 file:///path/to/wrapper.html
 * Re-render it by hand if og-default.svg changes.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "host-site/public");
const FONT = `Inter,'Segoe UI',system-ui,-apple-system,'Helvetica Neue',Arial,'Liberation Sans',sans-serif`;
type N = number;

type Vehicle = { id: string; name: string; brand: string; category: string; seatingCapacity: N };
const { vehicles } = JSON.parse(readFileSync(join(ROOT, "domain/catalogue/catalogue-facts.json"), "utf8")) as { vehicles: Vehicle[] };

// ---- tiny SVG vocabulary ---------------------------------------------------------------------------------
const f1 = (v: N) => String(Math.round(v * 10) / 10);
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const r = (x: N, y: N, w: N, h: N, fill: string, rx = 0, more = "") =>
  `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"${more}/>`;
const c = (cx: N, cy: N, rad: N, fill: string, more = "") => `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(rad)}" fill="${fill}"${more}/>`;
const p = (d: string, fill: string, more = "") => `<path d="${d}" fill="${fill}"${more}/>`;
const ln = (d: string, stroke: string, w: N, more = "", cap = "round") =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="${cap}"${more}/>`;
const op = (o: N) => ` opacity="${o}"`;
const text = (x: N, y: N, size: N, fill: string, s: string, more = "") =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}"${more}>${esc(s)}</text>`;
const grad = (id: string, stops: string[], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map((s, i) => `<stop offset="${f1(i / (stops.length - 1))}" stop-color="${s}"/>`).join("")}</linearGradient>`;
const doc = (w: N, h: N, title: string, body: string, defs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><title>${esc(title)}</title>${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;
const shade = (hex: string, k: N) =>
  "#" +
  [1, 3, 5]
    .map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16);
      return Math.round(k < 0 ? v * (1 + k) : v + (255 - v) * k)
        .toString(16)
        .padStart(2, "0");
    })
    .join("");
const written: string[] = [];
function write(rel: string, svg: string) {
  const file = join(OUT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
  written.push(`${rel} ${svg.length} B`);
}

// ---- palette ---------------------------------------------------------------------------------------------
type Brand = "denago" | "evolution";
const BRAND: Record<Brand, { roof: string; seat: string; bg: string[]; ground: string; sky: string[] }> = {
  denago: { roof: "#24272e", seat: "#3b3f4a", bg: ["#fff8ef", "#fbe6cf"], ground: "#f3d8b6", sky: ["#f6a56b", "#ffe3c2"] },
  evolution: { roof: "#f4f7f9", seat: "#efe2cc", bg: ["#eff7fa", "#d4e8ef"], ground: "#c6dde5", sky: ["#7cc3df", "#dff1f7"] },
};
type Series = { id: string; name: string; brand: Brand; body: string; lifted: boolean; bed: boolean };
const SERIES: Series[] = (
  [
    ["ev-city", "Denago EV City", "#e76f51", 0, 0],
    ["ev-nomad", "Denago EV Nomad", "#c2562f", 1, 0],
    ["ev-rover", "Denago EV Rover", "#d99a1e", 0, 1],
    ["d5-ranger", "EVolution D5 Ranger", "#2f5d6e", 1, 0],
    ["d5-maverick", "EVolution D5 Maverick", "#2563a8", 0, 0],
    ["classic", "EVolution Classic", "#2a9d8f", 0, 0],
    ["carrier", "EVolution Carrier", "#3d5a80", 0, 0],
    ["forester", "EVolution Forester", "#2d6a4f", 1, 0],
    ["turfman", "EVolution Turfman", "#5f7d4f", 0, 1],
    ["d6-max", "EVolution D6 Max", "#5b4f9a", 0, 0],
  ] as const
).map(([id, name, body, lifted, bed]) => ({ id, name, body, lifted: !!lifted, bed: !!bed, brand: id.startsWith("ev-") ? "denago" : "evolution" }));
const seriesOf = (id: string) => {
  const s = SERIES.find((x) => id.includes(x.id));
  if (!s) throw new Error(`no series for vehicle ${id}`);
  return s;
};
const pretty = (n: string) =>
  n === n.toUpperCase()
    ? n
        .split(" ")
        .map((w) => (/^(EV|X+L\d*)$/.test(w) ? w : w[0] + w.slice(1).toLowerCase()))
        .join(" ")
    : n;

// ---- side view: rows of seats, optional cargo bed at the rear, lifted stance with bigger tyres --------------
type Cart = { rows: N; bed?: boolean; lifted?: boolean; flip?: boolean; body: string; roof: string; seat: string; rim?: string };
function sideCart(o: Cart, cx = 400, G = 400) {
  const rr = o.lifted ? 50 : 40,
    lift = o.lifted ? 22 : 0,
    bedL = o.bed ? 118 : 0,
    L = 176 + o.rows * 92 + bedL;
  const x0 = cx - L / 2,
    xe = x0 + L,
    xS = x0 + 24 + bedL,
    xF = xS + o.rows * 92,
    F = G - rr - 8 - lift,
    wy = G - rr;
  const roofY = F - 196,
    dark = shade(o.body, -0.28),
    trim = "#3f4652";
  let s = `<ellipse cx="${f1(cx)}" cy="${G + 4}" rx="${f1(L / 2 + 34)}" ry="11" fill="#0f172a"${op(0.16)}/>`;
  s += ln(`M${xS + 12},${F - 40}V${roofY + 8}M${xF + 58},${F - 80}L${xF + 40},${roofY + 8}`, trim, 7);
  if (o.bed)
    s +=
      r(x0 + 4, F - 66, bedL + 24, 66, dark, 6) +
      r(x0 + 4, F - 66, bedL + 24, 9, shade(o.body, 0.2), 4) +
      ln(`M${x0 + 34},${F - 54}v44M${x0 + 64},${F - 54}v44M${x0 + 94},${F - 54}v44`, shade(o.body, -0.45), 4, op(0.5));
  s += r(xS - 4, F - 50, o.rows * 92 + 20, 52, o.body, 12);
  for (let i = 0; i < o.rows; i++) {
    const xa = xS + i * 92,
      flip = o.flip && i === 0;
    s +=
      r(xa + 10, F - 64, 74, 16, o.seat, 7) +
      r(flip ? xa + 74 : xa + 4, F - 132, 16, 76, o.seat, 7, ` transform="rotate(${flip ? 8 : -8} ${xa + (flip ? 82 : 12)} ${F - 56})"`);
  }
  s += ln(`M${xF + 44},${F - 76}L${xF + 12},${F - 102}M${xF + 3},${F - 91}l18,-22`, "#1f2937", 6);
  s += p(`M${xF + 40},${F}V${F - 78}L${xF + 96},${F - 84}Q${xe - 12},${F - 84} ${xe - 2},${F - 44}L${xe},${F}Z`, o.body);
  s += p(`M${xF + 44},${F - 82}L${xF + 30},${roofY + 14}H${xF + 50}L${xF + 64},${F - 82}Z`, "#cfeaf6", op(0.55));
  s += r(xS - 10, roofY, xF + 76 - xS, 14, o.roof, 7) + r(xS - 2, roofY + 12, xF + 60 - xS, 4, trim, 2, op(0.5));
  s += r(x0 + 8, F - 6, L - 16, 20, dark, 9) + r(xe - 16, F - 60, 12, 11, "#fde68a", 4) + r(x0 + 4, F - 42, 8, 13, "#e5484d", 3);
  s += r(xe - 6, F - 20, 16, 12, "#1f2937", 5) + r(x0 - 10, F - 20, 16, 12, "#1f2937", 5);
  if (o.lifted)
    s +=
      r(x0 + 60, F + 12, L - 120, 10, "#334155", 4) +
      ln(`M${xe + 8},${F - 12}L${xe + 12},${F - 58}L${xe - 14},${F - 84}`, "#374151", 6) +
      r(xF - 10, roofY - 9, 60, 9, "#1f2937", 4) +
      c(xF + 6, roofY - 4.5, 3, "#fde68a") +
      c(xF + 20, roofY - 4.5, 3, "#fde68a") +
      c(xF + 34, roofY - 4.5, 3, "#fde68a");
  for (const wx of [x0 + 72, xe - 72]) {
    s += p(`M${wx - rr - 9},${wy}A${rr + 9},${rr + 9} 0 0 1 ${wx + rr + 9},${wy}Z`, dark) + c(wx, wy, rr, "#1e2228");
    if (o.lifted) s += `<circle cx="${wx}" cy="${wy}" r="${rr - 4}" fill="none" stroke="#0b0d10" stroke-width="7" stroke-dasharray="7 6"/>`;
    s += c(wx, wy, rr * 0.56, o.rim ?? (o.lifted ? "#6b7785" : "#d5dde5")) + c(wx, wy, rr * 0.2, "#4b5563");
  }
  return s;
}

// ---- front view: used by the series scenes, hero art and the share image ----------------------------------
function frontCart(o: Omit<Cart, "rows">, cx = 400, G = 450) {
  const lift = o.lifted ? 26 : 0,
    tw = o.lifted ? 58 : 46,
    th = o.lifted ? 90 : 70,
    W = 250,
    B = G - 40 - lift,
    roofY = B - 262;
  let s = `<ellipse cx="${cx}" cy="${G + 2}" rx="${W / 2 + 60}" ry="14" fill="#0f172a"${op(0.22)}/>`;
  s += r(cx - W / 2 - 14, G - th, tw, th, "#1e2228", 14) + r(cx + W / 2 + 14 - tw, G - th, tw, th, "#1e2228", 14);
  if (o.lifted) s += ln(`M${cx - W / 2 + 20},${G - th / 2}L${cx - 40},${B + 4}M${cx + W / 2 - 20},${G - th / 2}L${cx + 40},${B + 4}`, "#475569", 9);
  s += ln(`M${cx - W / 2 + 22},${B - 88}L${cx - W / 2 + 30},${roofY + 10}M${cx + W / 2 - 22},${B - 88}L${cx + W / 2 - 30},${roofY + 10}`, "#3f4652", 8);
  s += r(cx - 100, B - 176, 86, 74, o.seat, 16) + r(cx + 14, B - 176, 86, 74, o.seat, 16);
  s +=
    `<ellipse cx="${cx - 58}" cy="${B - 112}" rx="32" ry="10" fill="none" stroke="#1f2937" stroke-width="6"/>` + ln(`M${cx - 58},${B - 102}v12`, "#1f2937", 6);
  s += p(`M${cx - W / 2 + 28},${B - 92}L${cx - W / 2 + 36},${roofY + 16}H${cx + W / 2 - 36}L${cx + W / 2 - 28},${B - 92}Z`, "#cfeaf6", op(0.42));
  s += ln(`M${cx + 40},${roofY + 30}L${cx - 10},${B - 100}`, "#fff", 10, op(0.35));
  s += p(`M${cx - W / 2},${B}L${cx - W / 2 + 14},${B - 92}Q${cx},${B - 106} ${cx + W / 2 - 14},${B - 92}L${cx + W / 2},${B}Z`, o.body);
  s +=
    r(cx - W / 2 + 22, B - 62, 52, 20, "#fef3c7", 10) + r(cx + W / 2 - 74, B - 62, 52, 20, "#fef3c7", 10) + r(cx - 20, B - 60, 40, 14, shade(o.body, -0.3), 7);
  s +=
    r(cx - W / 2 - 10, B - 6, W + 20, 22, "#1f2937", 11) +
    r(cx - W / 2 - 26, roofY, W + 52, 20, o.roof, 10) +
    r(cx - W / 2 - 14, roofY + 17, W + 28, 5, "#3f4652", 2, op(0.5));
  if (o.lifted) s += r(cx - 64, roofY - 13, 128, 13, "#1f2937", 6) + [-42, -14, 14, 42].map((d) => c(cx + d, roofY - 6.5, 4, "#fde68a")).join("");
  return s;
}
const place = (x: N, y: N, k: N, inner: string) => `<g transform="translate(${x} ${y}) scale(${k})">${inner}</g>`;

// ---- 1. one side view per catalogue vehicle ------------------------------------------------------------
for (const v of vehicles) {
  const s = seriesOf(v.id),
    b = BRAND[s.brand];
  const art = sideCart({
    rows: Math.max(1, Math.ceil(v.seatingCapacity / 2)),
    bed: s.bed || /utility|turf/i.test(v.category),
    lifted: s.lifted || v.id.includes("-xt"),
    flip: /-plus-2(-|$)/.test(v.id),
    body: s.body,
    roof: b.roof,
    seat: b.seat,
  });
  write(
    `images/vehicles/${v.id}.svg`,
    doc(
      800,
      500,
      `${pretty(v.name)} illustration`,
      r(0, 0, 800, 500, "url(#bg)") +
        c(650, 110, 64, "#fff", op(0.6)) +
        p("M0,330Q200,280 420,320T800,300V400H0Z", "#fff", op(0.35)) +
        r(0, 400, 800, 100, b.ground) +
        place(-60, -60, 1.15, art),
      grad("bg", b.bg),
    ),
  );
}

// ---- 2. series scenes: the cart head-on, on a coastal road through the dunes ------------------------------
for (const s of SERIES) {
  const b = BRAND[s.brand];
  const scene =
    r(0, 0, 800, 500, "url(#sky)") +
    c(640, 96, 44, "#fff8e1", op(0.9)) +
    r(0, 236, 800, 44, "#2b8c9a") +
    ln("M40,252H220M420,262H640M300,270H380", "#fff", 3, op(0.35)) +
    p("M0,300Q140,250 290,286T560,282T800,270V500H0Z", "#e8d3a6") +
    p("M0,360Q180,320 360,350T800,340V500H0Z", "#dcc28f") +
    ln("M70,300l-8,-26M78,300l2,-30M86,300l10,-24M700,288l-8,-24M708,288l2,-28M716,288l10,-22", "#7d8f55", 3) +
    p("M386,282H414L660,500H140Z", "#5c6570") +
    p("M398,290h4l3,22h-10ZM396,330h8l5,40h-18ZM392,400h16l8,70h-32Z", "#f1f5f9", op(0.8));
  write(
    `images/series/${s.id}.svg`,
    doc(800, 500, `${s.name} series illustration`, scene + frontCart({ ...s, roof: b.roof, seat: b.seat }, 400, 470), grad("sky", b.sky)),
  );
}

// ---- 3. brand wordmark tiles (typographic, our own; not the manufacturers' logos) ---------------------------
for (const [id, name, accent] of [
  ["denago", "DENAGO", "#e76f51"],
  ["evolution", "EVolution", "#2a9d8f"],
  ["club-car", "Club Car", "#4d7c0f"],
  ["ez-go", "E-Z-GO", "#c2410c"],
  ["tomberlin", "Tomberlin", "#2563a8"],
  ["swift-ev", "Swift EV", "#7c3aed"],
] as const)
  write(
    `images/brand/${id}.svg`,
    doc(
      320,
      120,
      `${name} wordmark`,
      r(2, 2, 316, 116, "#f8fafc", 18, ` stroke="#dbe3ea" stroke-width="2"`) +
        text(160, 70, 38, "#0f172a", name, ` font-weight="700" text-anchor="middle" letter-spacing="1"`) +
        r(136, 86, 48, 5, accent, 2.5),
    ),
  );

// ---- 4. wide hero banners: mid-to-dark so the page's white text reads on top ------------------------------
const hero = (file: string, title: string, art: string, from = "#0b2a3c", to = "#0f5463") =>
  write(
    `images/hero/${file}.svg`,
    doc(
      1600,
      600,
      title,
      r(0, 0, 1600, 600, "url(#g)") +
        c(1420, 60, 280, "#fff", op(0.04)) +
        c(160, 640, 320, "#fff", op(0.03)) +
        art +
        p("M0,548Q400,510 800,545T1600,535V600H0Z", "#020617", op(0.22)),
      grad("g", [from, to], 1, 1),
    ),
  );
const W = "#ffffff",
  A = "#5eead4",
  S = "#fbbf77";
const dunes = (y: N) =>
  r(0, y - 70, 1600, 70, "#0d4a5c") +
  ln(`M80,${y - 50}H380M700,${y - 36}H1000M1200,${y - 56}H1500`, W, 3, op(0.12)) +
  p(`M0,${y}Q260,${y - 60} 560,${y - 20}T1120,${y - 30}T1600,${y - 40}V600H0Z`, "#5d5242") +
  p(`M0,${y + 50}Q400,${y + 10} 800,${y + 40}T1600,${y + 30}V600H0Z`, "#4a4136");
const teal = { body: "#2a9d8f", roof: "#f4f7f9", seat: "#efe2cc" };
const sun = (x: N, y: N, k: N, col = S) =>
  c(x, y, k, col, op(0.85)) +
  `<circle cx="${x}" cy="${y}" r="${k * 1.6}" fill="none" stroke="${col}" stroke-width="${k * 0.35}" stroke-dasharray="4 14"${op(0.5)}/>`;
hero(
  "home",
  "Coastal Delaware at dusk: dunes, a lighthouse and an electric golf cart",
  sun(980, 340, 44, "#fcd9a8") +
    dunes(420) +
    p("M1392,400L1404,212H1436L1448,400Z", "#e2e8f0") +
    p("M1400,300H1440L1442,330H1398ZM1404,240H1436L1438,264H1402Z", "#b4535c") +
    r(1396, 186, 48, 28, "#fde68a", 4) +
    p("M1392,186L1420,160L1448,186Z", "#1e293b") +
    p("M1420,196L1060,130V250Z", "#fde68a", op(0.14)) +
    place(940, 285, 0.6, sideCart({ rows: 2, ...teal })),
);
hero(
  "rentals",
  "Rent an electric golf cart at the beach",
  sun(1450, 150, 40) +
    dunes(430) +
    ln("M1160,240V440", "#cbd5e1", 6) +
    p("M1000,250Q1160,110 1320,250Q1280,226 1240,250Q1200,226 1160,250Q1120,226 1080,250Q1040,226 1000,250Z", "#e76f51") +
    p("M1160,140Q1120,190 1080,250Q1120,226 1160,250Q1200,226 1240,250Q1200,190 1160,140Z", "#f4a261") +
    place(720, 320, 0.5, sideCart({ rows: 2, ...teal })),
);
const gear = (x: N, y: N, k: N, col: string, o: N) =>
  `<circle cx="${x}" cy="${y}" r="${k}" fill="none" stroke="${col}" stroke-width="${k * 0.36}" stroke-dasharray="${f1(k * 0.4)} ${f1(k * 0.38)}"${op(o)}/>` +
  `<circle cx="${x}" cy="${y}" r="${k * 0.74}" fill="none" stroke="${col}" stroke-width="${k * 0.34}"${op(o)}/>`;
hero(
  "services",
  "Golf cart service workshop",
  gear(1180, 290, 120, W, 0.2) +
    gear(1400, 430, 70, A, 0.35) +
    gear(1000, 470, 50, A, 0.25) +
    `<g transform="rotate(-40 1200 300)"${op(0.5)}>${ln("M1040,300H1330", "#cbd5e1", 34)}${ln("M1345,268A48,48 0 1 1 1345,332", "#cbd5e1", 30, "", "butt")}</g>`,
  "#0b2233",
  "#18424f",
);
const leaf = (x: N, y: N, k: N, rot: N, col: string) =>
  `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${k})">${p("M0,0Q60,-62 130,0Q60,62 0,0Z", col)}${ln("M6,0H118", "#0b3a2e", 3, op(0.5))}</g>`;
hero(
  "eco",
  "Clean, quiet electric driving",
  sun(1300, 170, 60, "#fde68a") +
    leaf(940, 200, 1.2, -30, "#4ade80") +
    leaf(1480, 340, 1, 200, "#86efac") +
    leaf(860, 380, 0.9, 20, "#22c55e") +
    leaf(1130, 120, 0.8, 150, "#a3e635") +
    p("M0,480Q400,440 800,470T1600,450V600H0Z", "#1c4532") +
    place(900, 250, 0.55, sideCart({ rows: 2, body: "#5f9e6e", roof: "#f4f7f9", seat: "#efe2cc" })),
  "#0a2a22",
  "#14532d",
);
const blds = [
  [860, 190, 150],
  [1015, 250, 120],
  [1140, 160, 140],
  [1285, 230, 110],
  [1400, 200, 160],
]
  .map(
    ([x = 0, h = 0, w = 0], i) =>
      r(x, 470 - h, w, h, i % 2 ? "#173b52" : "#1d4a5f") +
      r(x, 470 - h, w, 10, "#0b2a3c") +
      [0.2, 0.55].map((fx) => r(x + w * fx, 470 - h + 40, w * 0.22, 34, "#fde68a", 3, op(0.45))).join("") +
      r(x + 6, 452, w - 12, 18, ["#e76f51", "#2a9d8f", "#f4a261"][i % 3] ?? "", 3, op(0.8)),
  )
  .join("");
hero(
  "town",
  "Main street in a Sussex County town",
  blds +
    r(0, 470, 1600, 130, "#0e2433") +
    ln("M0,530H1600", "#fde68a", 4, ` stroke-dasharray="40 40"${op(0.35)}`) +
    ln("M800,470V330M1560,470V330", "#94a3b8", 6) +
    c(800, 326, 10, "#fde68a") +
    c(1560, 326, 10, "#fde68a") +
    place(880, 292, 0.6, sideCart({ rows: 2, ...teal })),
  "#0b1f33",
  "#1c3d5a",
);
const icon: Record<string, [string, string, string]> = {
  return: [
    "Returns policy",
    ln("M1080,300A140,140 0 1 1 1220,440", W, 34, op(0.22)) + p("M1236,396L1170,440L1236,484Z", W, op(0.22)) + r(1170, 250, 100, 90, A, 10, op(0.35)),
    "#134e5e",
  ],
  delivery: [
    "Delivery policy",
    ln("M860,500C1000,420 1060,540 1170,450S1280,380 1320,350", W, 8, ` stroke-dasharray="2 20"${op(0.5)}`) +
      p("M1320,150c-50,0-84,36-84,80c0,60 84,140 84,140s84-80 84-140c0-44-34-80-84-80Z", A, op(0.4)) +
      c(1320, 228, 30, "#0b2a3c"),
    "#164e63",
  ],
  rental: [
    "Rental policy",
    `<circle cx="1100" cy="300" r="80" fill="none" stroke="${W}" stroke-width="32"${op(0.22)}/>` +
      r(1180, 284, 270, 32, W, 8, op(0.22)) +
      r(1400, 316, 24, 54, W, 4, op(0.22)) +
      r(1340, 316, 24, 38, W, 4, op(0.22)) +
      c(1100, 300, 26, A, op(0.35)),
    "#115e59",
  ],
  storage: [
    "Storage policy",
    p("M980,520V300L1220,170L1460,300V520Z", W, op(0.14)) + ln("M1220,360V520", A, 300, ` stroke-dasharray="14 10"${op(0.3)}`, "butt"),
    "#1e3a5f",
  ],
  publishing: [
    "Publishing policy",
    r(1060, 150, 240, 310, W, 16, ` transform="rotate(-8 1180 300)"${op(0.1)}`) +
      r(1110, 130, 240, 310, W, 16, op(0.18)) +
      [180, 220, 260, 300, 340].map((y, i) => r(1140, y, i % 2 ? 130 : 180, 14, A, 7, op(0.45))).join(""),
    "#1e3a5f",
  ],
  feedback: [
    "Feedback policy",
    p("M1000,160h300a30,30 0 0 1 30,30v150a30,30 0 0 1-30,30h-200l-60,60v-60h-40a30,30 0 0 1-30-30v-150a30,30 0 0 1 30-30Z", W, op(0.18)) +
      p("M1220,300h220a26,26 0 0 1 26,26v110a26,26 0 0 1-26,26h-30v50l-50-50h-140a26,26 0 0 1-26-26v-110a26,26 0 0 1 26-26Z", A, op(0.35)) +
      c(1100, 265, 14, W, op(0.5)) +
      c(1150, 265, 14, W, op(0.5)) +
      c(1200, 265, 14, W, op(0.5)),
    "#134e5e",
  ],
  corrections: [
    "Corrections policy",
    r(1040, 130, 260, 340, W, 16, op(0.16)) +
      [190, 230, 270].map((y) => r(1080, y, 180, 14, W, 7, op(0.3))).join("") +
      ln("M1110,360l50,50l110-120", A, 28, op(0.6)) +
      `<g transform="rotate(40 1380 300)"${op(0.4)}>${r(1360, 140, 40, 240, S, 6)}${p("M1360,380h40l-20,40Z", S)}</g>`,
    "#1f3b4d",
  ],
  diversity: [
    "Diversity policy",
    [
      [1060, 260, "#5eead4"],
      [1200, 220, "#fbbf77"],
      [1340, 270, "#f0abfc"],
      [1130, 380, "#93c5fd"],
      [1280, 390, "#86efac"],
    ]
      .map(([x, y, col]) => c(Number(x), Number(y), 110, String(col), op(0.28)))
      .join(""),
    "#312e81",
  ],
  ethics: [
    "Ethics policy",
    ln("M1220,150V470M1040,220H1400M1120,480H1320M1060,220l-40,120M1060,220l40,120M1380,220l-40,120M1380,220l40,120", W, 10, op(0.3)) +
      p("M1000,340h120a60,60 0 0 1-120,0ZM1320,340h120a60,60 0 0 1-120,0Z", A, op(0.4)) +
      c(1220, 150, 18, A, op(0.5)),
    "#1e3a5f",
  ],
  staffing: [
    "Staffing policy",
    [
      [1050, 0.8, W],
      [1220, 1, A],
      [1390, 0.8, W],
    ]
      .map(
        ([x, k, col]) =>
          `<g transform="translate(${x} 300) scale(${k})"${op(col === A ? 0.4 : 0.2)}>` +
          c(0, -60, 56, String(col)) +
          p("M-100,170V90a100,100 0 0 1 200,0V170Z", String(col)) +
          "</g>",
      )
      .join(""),
    "#134e5e",
  ],
  legal: [
    "Legal information",
    `<g transform="rotate(-30 1220 280)"${op(0.3)}>${r(1120, 200, 200, 80, W, 14)}${r(1200, 280, 40, 220, W, 10)}</g>` +
      r(1020, 470, 300, 36, A, 10, op(0.4)) +
      c(1420, 220, 60, S, op(0.3)),
    "#1f2a44",
  ],
};
for (const [k, [title, art, to]] of Object.entries(icon)) hero(`policy-${k}`, `${title} banner`, art, "#0b2233", to);

// ---- 5. placeholder, 6. favicon, share image ---------------------------------------------------------------
write(
  "images/placeholder-vehicle.svg",
  doc(
    800,
    500,
    "No image available",
    r(0, 0, 800, 500, "#f1f5f9") +
      `<g filter="url(#m)"${op(0.45)}>${sideCart({ rows: 2, body: "#cbd5e1", roof: "#e2e8f0", seat: "#e2e8f0", rim: "#f1f5f9" }, 400, 380)}</g>` +
      text(400, 455, 26, "#64748b", "Image coming soon", ` text-anchor="middle" font-weight="600"`),
    `<filter id="m"><feColorMatrix type="saturate" values="0"/></filter>`,
  ),
);
write(
  "favicon.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Sussex Coast Golf Carts</title>${r(0, 0, 64, 64, "#0f5463", 14)}` +
    r(9, 11, 40, 6, W, 3) +
    ln("M14,16V36M45,16L49,33", W, 3.5) +
    p("M8,46V37H40L47,31L57,34L58,46Z", W) +
    c(19, 47, 7, "#0f5463") +
    c(19, 47, 4.5, W) +
    c(47, 47, 7, "#0f5463") +
    c(47, 47, 4.5, W) +
    p("M31,17L23,30H30L27,39L38,24H31L35,17Z", "#facc15") +
    "</svg>\n",
);
write(
  "images/og-default.svg",
  doc(
    1200,
    630,
    "Sussex Coast Golf Carts: electric golf carts and LSVs in Sussex County, Delaware",
    r(0, 0, 1200, 630, "url(#g)") +
      sun(1010, 150, 44, "#fcd9a8") +
      r(0, 440, 1200, 90, "#16707e") +
      ln("M120,458H360M560,470H820M980,456H1140", "#fff", 3, op(0.2)) +
      p("M0,500Q300,450 640,490T1200,470V630H0Z", "#5d5242") +
      p("M0,560Q400,520 800,552T1200,540V630H0Z", "#4a4136") +
      r(80, 126, 72, 8, S, 4) +
      text(80, 230, 88, W, "Sussex Coast", ` font-weight="800"`) +
      text(80, 326, 88, W, "Golf Carts", ` font-weight="800"`) +
      text(82, 392, 29, "#cdeee9", "Electric golf carts & LSVs · Sussex County, Delaware") +
      place(760, 243, 0.6, frontCart(teal, 400, 470)),
    grad("g", ["#0b2a3c", "#0f5463"]),
  ),
);

console.log(written.join("\n"));
