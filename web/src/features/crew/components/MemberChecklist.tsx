/** A crew's members as checkboxes; the ticked ids keep the crew's order. */
export function MemberChecklist({
  members,
  ticked,
  onChange,
}: {
  members: { id: string; name: string }[];
  ticked: string[];
  onChange: (ids: string[]) => void;
}) {
  const toggle = (id: string, on: boolean) =>
    onChange(
      on
        ? members.filter((m) => m.id === id || ticked.includes(m.id)).map((m) => m.id)
        : ticked.filter((x) => x !== id),
    );
  return (
    <ul className="plain">
      {members.map((member) => (
        <li key={member.id}>
          <label className="check">
            <input
              type="checkbox"
              checked={ticked.includes(member.id)}
              onChange={(e) => toggle(member.id, e.target.checked)}
            />
            {member.name}
          </label>
        </li>
      ))}
    </ul>
  );
}
