/** A few headline figures, each a label over a large value. */
export function StatList({ items, light = false }: { items: readonly { label: string; value: string | number }[]; light?: boolean }) {
  return (
    <dl className={light ? "stat-grid stat-grid--light" : "stat-grid"}>
      {items.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
