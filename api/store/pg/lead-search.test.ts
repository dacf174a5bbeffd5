/**
 * How a search word is planned from its trigrams' frequencies (decision
 * 0038): pg_trgm's trigrams of LIKE '%word%', the rare part asked of
 * the index, the common word walked. That each form selects the rows LIKE
 * selects is checked on PostgreSQL in ../lead-queries.test.ts.
 */
import { describe, expect, it } from "vitest";
import { likeTrigrams, planWord, searchConditions, type TrigramFrequencies } from "./lead-search";

/** Frequencies as ANALYZE lists them: the named trigrams, everything else rarer than `unlisted`. */
const stats = (freq: Record<string, number>, unlisted = 0.001): TrigramFrequencies => ({ freq: new Map(Object.entries(freq)), unlisted });

/** A fixture like the bench's: every lead is visitorN@example.com, so the letters of "visitor" are in every lead. */
const VISITORS = stats({ vis: 1, isi: 1, sit: 1, ito: 1, tor: 1, or1: 0.11, r12: 0.05, "123": 0.1, "23 ": 0.01, exa: 1, xam: 1, "  e": 1, " ex": 1 });

describe("likeTrigrams", () => {
  it("takes pg_trgm's trigrams of LIKE '%word%': no padding at the wildcards, padding at a separator inside the word", () => {
    expect(likeTrigrams("visitor12@ex").map((t) => t.trigram)).toEqual(["vis", "isi", "sit", "ito", "tor", "or1", "r12", "12 ", "  e", " ex"]);
    expect(likeTrigrams("ab")).toEqual([]);
    expect(likeTrigrams("302-555")).toEqual([
      { trigram: "302", start: 0, end: 3 },
      { trigram: "02 ", start: 1, end: 4 },
      { trigram: "  5", start: 3, end: 5 },
      { trigram: " 55", start: 3, end: 6 },
      { trigram: "555", start: 4, end: 7 },
    ]);
  });
});

describe("planWord", () => {
  it("asks the index only for a rare word's rare trigrams, as one substring of the word", () => {
    expect(planWord("visitor123@", VISITORS)).toEqual({ index: ["r123@"], share: expect.closeTo(0.05 * 0.1 * 0.01 * 0.11, 8) });
  });

  it("asks nothing of the index for a word most leads hold: the newest leads are walked", () => {
    expect(planWord("visitor", VISITORS)).toEqual({ index: [], share: 1 });
    expect(planWord("ab", VISITORS)).toEqual({ index: [], share: 1 });
  });

  it("keeps separate substrings for rare trigrams that common ones separate", () => {
    const s = stats({ abc: 0.01, bcd: 0.9, cde: 0.9, def: 0.01 }, 0.5);
    expect(planWord("abcdef", s)).toEqual({ index: ["abc", "def"], share: expect.any(Number) });
  });

  it("has no plan without statistics (a database never analysed): LIKE asks for every trigram, as before", () => {
    expect(planWord("visitor123@", undefined)).toBeNull();
    expect(planWord("visitor123@", stats({}))).toBeNull();
  });
});

describe("searchConditions", () => {
  const build = (q: { text: string; digits: string | null }[], s: Parameters<typeof searchConditions>[1]) => {
    const params: unknown[] = [];
    const r = searchConditions(q, s, (v) => `$${params.push(v)}`);
    return { ...r, params };
  };

  it("finds a rare word by its rare part and checks the whole word, literally (LIKE's own characters escaped)", () => {
    expect(build([{ text: "visitor123@", digits: null }], { search: VISITORS })).toEqual({
      and: ["search LIKE $1 AND strpos(search, $2) > 0"],
      indexed: true,
      params: ["%r123@%", "visitor123@"],
    });
    expect(build([{ text: "100%_x", digits: null }], {}).params).toEqual(["%100\\%\\_x%"]);
  });

  it("walks for a phone word when either of its columns is common, since the index serves an OR only through both", () => {
    const phones = stats({ "302": 1, "555": 1, "025": 1, "255": 1 });
    expect(build([{ text: "302-555", digits: "302555" }], { search: VISITORS, phone_digits: phones })).toEqual({
      and: ["((strpos(search, $1) > 0) OR (strpos(phone_digits, $2) > 0))"],
      indexed: false,
      params: ["302-555", "302555"],
    });
  });

  it("sends the LIKE of every trigram when there are no statistics", () => {
    expect(build([{ text: "0100", digits: "0100" }], {})).toEqual({
      and: ["((search LIKE $1) OR (phone_digits LIKE $2))"],
      indexed: false,
      params: ["%0100%", "%0100%"],
    });
  });
});
