import { Icon } from "./Icon";

/** A list of short points, each with a check mark. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" className="icon icon--small" />
          {item}
        </li>
      ))}
    </ul>
  );
}
