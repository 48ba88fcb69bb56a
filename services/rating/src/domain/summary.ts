/** Average of a rating summary, rounded to 2 decimals; null while there is nothing to average. */
export function averageOf(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 100) / 100;
}
