/**
 * How the inbox's search words become SQL on PostgreSQL (decision
 * 0038): a word matches a lead whose search text (or phone digits) holds it,
 * anywhere. A trigram index (pg_trgm, migration 6) finds such rows, but a
 * LIKE '%word%' asks it for every trigram of the word, and a trigram most
 * leads share (the "vis" of `visitor123@`) makes the index read a posting
 * list of nearly every lead before the rare ones narrow it down: 60-100 ms at
 * a million leads.
 *
 * So each word is planned from the trigrams' frequencies, which ANALYZE keeps
 * in extended statistics on show_trgm() of each searched column (migration 9):
 * - a word whose trigrams are rare enough together is found by the index, asked
 *   only for its rarest trigrams (LIKE on the few substrings that hold them);
 *   the word itself is then checked on those rows alone (strpos, no index);
 * - a word most leads hold (its trigrams are common, and so is the word) is only
 *   checked, row by row, newest first: the page's LIMIT stops the walk soon;
 * - with no statistics yet (a new database, before its first ANALYZE), every
 *   trigram is asked of the index, as before.
 * Every form selects exactly the rows LIKE '%word%' selects: the substrings are
 * parts of the word, and strpos is the same test without wildcards.
 */
import type { Database } from "./database";

/** The extended statistics (migration 9) that hold each searched column's trigram frequencies. */
export const TRIGRAM_STATISTICS = { search: "leads_search_trigrams", phone_digits: "leads_phone_trigrams" } as const;
export type SearchedColumn = keyof typeof TRIGRAM_STATISTICS;

/** One column's trigram frequencies (the share of rows holding each), and the share below which a trigram is not listed. */
export interface TrigramFrequencies {
  freq: ReadonlyMap<string, number>;
  /** A trigram not listed is rarer than the rarest listed one. */
  unlisted: number;
}

export type TrigramStats = Partial<Record<SearchedColumn, TrigramFrequencies>>;

/** The index is asked for trigrams until the rows they leave are at most this share of the table (1 in 5,000). */
const TARGET_SHARE = 0.0002;
/** A trigram this common narrows almost nothing, and reading its posting list costs most: it is asked only when nothing rarer is left. */
const COMMON_TRIGRAM = 0.3;
/** A word at least this common (by its trigrams) is found faster by walking the newest leads than by the index. */
const WALK_SHARE = 0.02;

/** `%text%` for LIKE, its own % _ and \ taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** Characters pg_trgm keeps in a trigram (it splits words at every other one). */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The trigrams pg_trgm takes from LIKE '%word%', each with the part of the
 * word (start, end) a LIKE needs to ask for it: a run of word characters is
 * padded with two blanks after a character that ends a word, and one before
 * one, but not where the pattern's wildcards meet it.
 */
export function likeTrigrams(word: string): { trigram: string; start: number; end: number }[] {
  const chars = [...word];
  const out: { trigram: string; start: number; end: number }[] = [];
  for (let a = 0; a < chars.length;) {
    if (!WORD_CHAR.test(chars[a]!)) {
      a++;
      continue;
    }
    let b = a;
    while (b < chars.length && WORD_CHAR.test(chars[b]!)) b++;
    // Padded run, each character with the word position it stands for (a pad stands for the separator beside it).
    const padded: { c: string; at: number }[] = [];
    if (a > 0) padded.push({ c: " ", at: a - 1 }, { c: " ", at: a - 1 });
    for (let i = a; i < b; i++) padded.push({ c: chars[i]!, at: i });
    if (b < chars.length) padded.push({ c: " ", at: b });
    for (let k = 0; k + 3 <= padded.length; k++) {
      const t = padded.slice(k, k + 3);
      out.push({ trigram: t.map((x) => x.c).join(""), start: t[0]!.at, end: t[2]!.at + 1 });
    }
    a = b;
  }
  return out;
}

/**
 * How to find `word` in one column: the substrings whose LIKE asks the index
 * for its rarest trigrams (`index`, empty: none is worth asking), and the
 * word's estimated share of rows. Null when there are no statistics to choose by.
 */
export function planWord(word: string, stats: TrigramFrequencies | undefined): { index: string[]; share: number } | null {
  if (!stats || !stats.freq.size) return null;
  const chars = [...word];
  const trigrams = likeTrigrams(word).map((t, i) => ({ ...t, i, freq: stats.freq.get(t.trigram) ?? stats.unlisted }));
  // Too short for a trigram: the index cannot help, and the walk finds it if anything does.
  if (!trigrams.length) return { index: [], share: 1 };
  const share = trigrams.reduce((s, t) => s * t.freq, 1);
  const chosen = new Set<number>();
  let left = 1;
  for (const t of [...trigrams].sort((x, y) => x.freq - y.freq)) {
    // Enough once few rows are left; a common trigram is read only while the rows left are too many to walk.
    if (left <= TARGET_SHARE || (chosen.size && left < WALK_SHARE && t.freq > COMMON_TRIGRAM)) break;
    chosen.add(t.i);
    left *= t.freq;
  }
  // Neighbouring chosen trigrams share one substring; a gap starts another.
  const index: string[] = [];
  let run: { start: number; end: number } | null = null;
  for (const t of trigrams) {
    if (chosen.has(t.i) && run && t.start <= run.end) run.end = Math.max(run.end, t.end);
    else if (chosen.has(t.i)) {
      if (run) index.push(chars.slice(run.start, run.end).join(""));
      run = { start: t.start, end: t.end };
    } else if (run) {
      index.push(chars.slice(run.start, run.end).join(""));
      run = null;
    }
  }
  if (run) index.push(chars.slice(run.start, run.end).join(""));
  return { index: share >= WALK_SHARE ? [] : index, share };
}

/**
 * SQL conditions for the search words, parameters added through `p`, and
 * whether any asks the trigram index (then a page is best sorted after the
 * index found its rows, not by walking every lead in order).
 */
export function searchConditions(
  words: { text: string; digits: string | null }[],
  stats: TrigramStats,
  p: (value: unknown) => string,
): { and: string[]; indexed: boolean } {
  const and: string[] = [];
  let indexed = false;
  for (const { text, digits } of words) {
    const branches: { column: SearchedColumn; word: string }[] = [{ column: "search", word: text }];
    if (digits) branches.push({ column: "phone_digits", word: digits });
    const plans = branches.map((b) => planWord(b.word, stats[b.column]));
    const condition = (column: SearchedColumn, word: string, index: string[] | null) => {
      // No statistics: every trigram, as LIKE asks.
      if (index === null) return `${column} LIKE ${p(contains(word))}`;
      return [...index.map((part) => `${column} LIKE ${p(contains(part))}`), `strpos(${column}, ${p(word)}) > 0`].join(" AND ");
    };
    // The index serves an OR only when each branch asks it: otherwise every branch is a check on the rows walked.
    const useIndex = plans.every((plan) => plan === null || plan.index.length > 0);
    const parts = branches.map((b, i) => condition(b.column, b.word, plans[i] === null ? null : useIndex ? plans[i]!.index : []));
    if (useIndex && plans.some((plan) => plan !== null)) indexed = true;
    and.push(parts.length > 1 ? `(${parts.map((c) => `(${c})`).join(" OR ")})` : parts[0]!);
  }
  return { and, indexed };
}

/** How long the trigram frequencies read from the statistics are used before they are read again. */
export const TRIGRAM_STATS_MAX_AGE_MS = 60_000;

/**
 * The searched columns' trigram frequencies, read from pg_stats_ext_exprs (as
 * of the table's last ANALYZE, which autovacuum repeats as leads arrive), kept
 * for `maxAgeMs`; read again in the background after that, so no search waits
 * for it but the first.
 */
export function trigramStatsReader(db: Database, maxAgeMs = TRIGRAM_STATS_MAX_AGE_MS): () => Promise<TrigramStats> {
  let current: { stats: TrigramStats; at: number } | null = null;
  let reading: Promise<TrigramStats> | null = null;
  const read = async (): Promise<TrigramStats> => {
    const { rows } = await db.pool.query<{ statistics_name: string; elems: string[] | null; freqs: number[] | null }>(
      `SELECT statistics_name, most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
         FROM pg_stats_ext_exprs WHERE schemaname = current_schema() AND tablename = 'leads' AND statistics_name = ANY($1::text[])`,
      [Object.values(TRIGRAM_STATISTICS)],
    );
    const stats: TrigramStats = {};
    for (const [column, name] of Object.entries(TRIGRAM_STATISTICS) as [SearchedColumn, string][]) {
      const row = rows.find((r) => r.statistics_name === name);
      if (!row?.elems?.length || !row.freqs) continue;
      // most_common_elem_freqs: one share per element, then the least and greatest of them and the share of null rows.
      const freq = new Map(row.elems.map((e, i) => [e, row.freqs![i]!]));
      stats[column] = { freq, unlisted: row.freqs[row.elems.length] ?? Math.min(...freq.values()) };
    }
    current = { stats, at: Date.now() };
    return stats;
  };
  const refresh = () =>
    (reading ??= read()
      .catch((err: unknown) => {
        console.error("[leads] could not read the search statistics:", err);
        return current?.stats ?? {};
      })
      .finally(() => (reading = null)));
  return async () => {
    if (!current) return refresh();
    if (Date.now() - current.at >= maxAgeMs) void refresh();
    return current.stats;
  };
}
