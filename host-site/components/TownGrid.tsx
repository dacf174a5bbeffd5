import type { Town } from "../../domain/towns";
import { Icon } from "./Icon";

/** Links to town pages, as a grid of tiles. */
export function TownGrid({ towns }: { towns: readonly Town[] }) {
  return (
    <ul className="town-grid">
      {towns.map((t) => (
        <li key={t.slug}>
          <a href={t.url}>
            <Icon name="pin" className="icon icon--small" />
            <span>{t.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
