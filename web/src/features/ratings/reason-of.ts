/** The translated reason after the spec's error text, unless it only repeats it. */
export const reasonOf = (reason: string | null, main: string) =>
  reason && reason.toLowerCase() !== main.toLowerCase() ? `(${reason})` : '';
