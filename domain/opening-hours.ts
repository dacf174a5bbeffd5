/**
 * Opening hours: the days of the week, the shape of a day's hours, and how they read. Each site keeps its own hours
 * (Site.hours, edited in the console's Sites page); OPENING_HOURS are the first site's, which it is seeded with
 * (domain/site-seed.ts; docs/decisions/0001-opening-hours.md says why this set).
 */

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Day = (typeof DAYS)[number];

/** Opening and closing as 24-hour "HH:MM"; null when closed all day. */
export type DayHours = { opens: string; closes: string } | null;

export const OPENING_HOURS: Record<Day, DayHours> = {
  Monday: { opens: "09:00", closes: "17:00" },
  Tuesday: { opens: "09:00", closes: "17:00" },
  Wednesday: { opens: "09:00", closes: "17:00" },
  Thursday: { opens: "09:00", closes: "17:00" },
  Friday: { opens: "09:00", closes: "17:00" },
  Saturday: { opens: "09:00", closes: "17:00" },
  Sunday: null,
};

/** "09:00" → "9 AM", "17:30" → "5:30 PM". */
export function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(m).padStart(2, "0")} ${suffix}`;
}

export interface HoursLine {
  days: string;
  hours: string;
}

/** Consecutive days with the same hours folded into lines: "Mon-Sat: 9 AM-5 PM". */
export function hoursSummary(hours: Record<Day, DayHours> = OPENING_HOURS): HoursLine[] {
  const lines: { from: Day; to: Day; text: string }[] = [];
  for (const day of DAYS) {
    const h = hours[day];
    const text = h ? `${formatClock(h.opens)}-${formatClock(h.closes)}` : "Closed";
    const last = lines.at(-1);
    if (last && last.text === text) last.to = day;
    else lines.push({ from: day, to: day, text });
  }
  const short = (d: Day) => d.slice(0, 3);
  return lines.map(({ from, to, text }) => ({
    days: from === to ? short(from) : `${short(from)}-${short(to)}`,
    hours: text,
  }));
}

/** schema.org openingHoursSpecification for the JSON-LD block. */
export function openingHoursSpecification(hours: Record<Day, DayHours> = OPENING_HOURS) {
  const groups = new Map<string, Day[]>();
  for (const day of DAYS) {
    const h = hours[day];
    if (!h) continue;
    const key = `${h.opens}-${h.closes}`;
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  return [...groups].map(([key, days]) => {
    const [opens, closes] = key.split("-");
    return { "@type": "OpeningHoursSpecification", dayOfWeek: days, opens, closes };
  });
}
