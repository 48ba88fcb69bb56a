/** What a sliding-window counter answers for one hit (window-counter.ts), apart so its adapters share it. */
export interface WindowHit {
  /** Whether this hit was within the limit (and counted); refused hits are not counted. */
  allowed: boolean;
  /** Hits in the window, this one included when allowed. */
  count: number;
  /** Until the oldest hit in the window leaves it (a place frees up). */
  resetInMs: number;
}

export interface WindowCounter {
  hit(key: string, windowMs: number, limit: number): Promise<WindowHit>;
  close(): Promise<void>;
}
