import { describe, expect, it } from "vitest";
import { DELIVERY_RULES, milesFromShowroom, townDeliveryText } from "./delivery";
import { TOWNS } from "./towns";
import { BUSINESS } from "./business";

/** The first site's showroom. */
const SHOWROOM = { geo: BUSINESS.geo, city: BUSINESS.address.city };

const town = (name: string) => TOWNS.find((t) => t.name === name)!;

describe("townDeliveryText", () => {
  it.each([
    ["Georgetown", /^Georgetown is home to our showroom: delivery is free on purchases of \$5,000 or more\.$/],
    ["Lewes", /^Lewes is about 14 miles from our Georgetown showroom, inside our free delivery zone for purchases of \$5,000 or more\.$/],
    ["Fenwick Island", /^Fenwick Island is about 2\d miles .*: delivery is free for the first 20 miles on purchases of \$5,000 or more, then \$6 per mile\.$/],
  ])("%s: %s", (name, text) => expect(townDeliveryText(town(name), SHOWROOM)).toMatch(text));

  it("puts every town within the free radius inside the free zone, and every town beyond it on the per-mile fee", () => {
    for (const t of TOWNS) {
      const miles = milesFromShowroom(t, SHOWROOM);
      if (miles > DELIVERY_RULES.freeRadiusMiles) expect(townDeliveryText(t, SHOWROOM)).toContain("per mile");
      else if (miles > 0) expect(townDeliveryText(t, SHOWROOM)).toContain("inside our free delivery zone");
    }
  });
});
