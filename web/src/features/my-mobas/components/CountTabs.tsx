/** A my-mobas list's tabs, each named with how many mobas it holds once they have loaded. */
export function CountTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: { id: Id; label: string; count?: number }[];
  selected: Id;
  onSelect: (id: Id) => void;
}) {
  return (
    <div className="tab-row" role="tablist" aria-label={label}>
      {tabs.map(({ id, label: name, count }) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={selected === id}
          onClick={() => onSelect(id)}
          data-testid={`tab-${id}`}
        >
          {name} {count === undefined ? '' : `(${count})`}
        </button>
      ))}
    </div>
  );
}
