/** Progress in percent (a batch of none is done). */
export const progressPercent = (processed: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : 100;
