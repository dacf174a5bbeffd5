import { describe, expect, it } from "vitest";
import { fromLocalDateTime } from "./local-time";
import { WORK_ORDER_STATUSES, WORK_ORDER_TRANSITIONS, abandonedFrom, isAbandoned, transitionProblem } from "./work-order";

const TZ = "America/New_York";

describe("work order statuses", () => {
  it("lead from a request to a cart returned or picked up, through service and parts", () => {
    const path = ["requested", "confirmed", "received", "in-service", "waiting-for-parts", "in-service", "ready", "picked-up"] as const;
    for (let i = 1; i < path.length; i++) expect(transitionProblem(path[i - 1]!, path[i]!)).toBeNull();
    expect(transitionProblem("ready", "returned")).toBeNull();
  });

  it("name only statuses that exist, and every status is reached from a request", () => {
    const reached = new Set(["requested"]);
    for (let grew = true; grew;) {
      const size = reached.size;
      for (const s of [...reached]) for (const next of WORK_ORDER_TRANSITIONS[s as keyof typeof WORK_ORDER_TRANSITIONS]) reached.add(next);
      grew = reached.size > size;
    }
    expect([...reached].sort()).toEqual([...WORK_ORDER_STATUSES].sort());
  });

  it.each([
    ["received", "cancelled", "A work order that is received can become in service, not cancelled"],
    ["requested", "ready", "A work order that is requested can become confirmed or cancelled, not ready"],
    ["picked-up", "in-service", "A work order that is picked up is closed: it cannot change"],
  ] as const)("refuses %s → %s in words", (from, to, text) => expect(transitionProblem(from, to)).toBe(text));
});

describe("an abandoned service cart", () => {
  it("is flagged once more than 30 days have passed since it was ready", () => {
    expect(abandonedFrom("2027-01-01")).toBe("2027-02-01");
    const ready = fromLocalDateTime("2027-01-01T15:00", TZ);
    expect(isAbandoned(ready, fromLocalDateTime("2027-01-31T23:59", TZ), TZ)).toBe(false);
    expect(isAbandoned(ready, fromLocalDateTime("2027-02-01T00:01", TZ), TZ)).toBe(true);
  });

  it("counts days across a leap day", () => expect(abandonedFrom("2028-02-01")).toBe("2028-03-03"));
});
