import { TREES_PER_TON_CO2 } from "../../domain/eco-calculator";

/** The eco-impact page's "Why Choose Electric?" cards (spec §2 Eco-impact). */
export const ECO_BENEFITS = [
  { title: "Zero Emissions", text: "No tailpipe, no exhaust: nothing but quiet on the boardwalk." },
  { title: "Energy Efficient", text: "An electric motor turns about 90% of its energy into motion; a gas engine about 25%." },
  { title: "Forest Protection", text: `Every ton of CO2 you avoid is work that ${TREES_PER_TON_CO2} trees no longer have to do.` },
  { title: "Sustainable Materials", text: "Lithium packs last for years and are recycled at the end of their life." },
  { title: "Climate Action", text: "Short trips are where gas engines pollute most; a cart takes them off the road." },
  { title: "Clean Air", text: "No fumes in garages, on golf courses or along crowded beach streets." },
] as const;
