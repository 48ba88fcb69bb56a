/** The end of a settings form: why the last save failed or that it worked, then the save button. */
export function SaveFooter({
  error,
  saved,
  savedTestId,
  busy,
  label,
  testId,
}: {
  /** The failure in words; nothing when the last save did not fail. */
  error: string | null;
  /** The "saved" note, shown once a save has worked. */
  saved: string | false;
  savedTestId: string;
  busy: boolean;
  label: string;
  testId?: string;
}) {
  return (
    <>
      {error && (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="alert success" role="status" data-testid={savedTestId}>
          {saved}
        </p>
      )}
      <button type="submit" className="primary block" disabled={busy} data-testid={testId}>
        {label}
      </button>
    </>
  );
}
