import { validLead } from "../../domain/testing/valid-lead";

/** What a burst of lead posts was answered. */
export interface BurstResult {
  /** Ids of the leads answered 201, in the order the answers came. */
  acknowledged: string[];
  /** Status codes of the other answers. */
  refused: number[];
  /** Posts that got no answer (connection refused or closed). */
  unanswered: number;
}

/**
 * `workers` visitors posting leads one after another until `until()` is true or
 * the server stops answering 201; `onAck` sees each acknowledged id as it comes.
 */
export async function postBurst(
  url: string,
  { workers, until, onAck = () => {} }: { workers: number; until: () => boolean; onAck?: (id: string, count: number) => void },
): Promise<BurstResult> {
  const result: BurstResult = { acknowledged: [], refused: [], unanswered: 0 };
  let n = 0;
  const visitor = async () => {
    while (!until()) {
      const body = JSON.stringify(validLead({ firstName: `Burst ${n++}` }));
      let res: Response;
      try {
        res = await fetch(`${url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body });
      } catch {
        result.unanswered++;
        return;
      }
      if (res.status === 201) {
        const { id } = (await res.json()) as { id: string };
        result.acknowledged.push(id);
        onAck(id, result.acknowledged.length);
      } else {
        await res.body?.cancel();
        result.refused.push(res.status);
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, visitor));
  return result;
}
