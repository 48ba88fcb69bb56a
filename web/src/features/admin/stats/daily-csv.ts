import type { DailyStatsRow } from '@moba/contracts';

export const dailyCsvColumns = [
  'date',
  'applications',
  'accepted',
  'decided',
  'wait_p50_minutes',
  'wait_p90_minutes',
] as const;

/** The per-day series as CSV (RFC 4180, comma separated, an empty cell where no waiting time exists). */
export function dailyStatsCsv(rows: readonly DailyStatsRow[]): string {
  const lines = rows.map((r) =>
    [r.date, r.applications, r.accepted, r.decided, r.waitP50Minutes ?? '', r.waitP90Minutes ?? ''].join(','),
  );
  return [dailyCsvColumns.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Offers the text as a file download in the browser. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
