/** A filter value like `{ $gte: 3 }`: operators on the field rather than a value to equal. */
export const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof RegExp) &&
  Object.keys(value).some((k) => k.startsWith('$'));
