/** Time as a port, so tests and the development mode can move it (vacancies finish by date). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AdjustableClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
  offsetMs(): number;
}

/** System time plus an offset: the development mode and tests move it forward. */
export function createAdjustableClock(start?: Date): AdjustableClock {
  let offset = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    set: (date) => {
      offset = date.getTime() - Date.now();
    },
    offsetMs: () => offset,
  };
}

/**
 * The clock of one process in the distributed mode, shared by every process of the deployment
 * (CLOCK_URL=redis://…): the dev clock route of any gateway moves it for all, and date-driven jobs
 * everywhere see the moved time.
 */
export interface SharedClock extends Clock {
  /** Moves every process's clock forward; resolves once this process shows the new time. */
  advance(ms: number): Promise<void>;
  offsetMs(): number;
  close(): Promise<void>;
}

/** What the dev clock route moves: the embedded mode's clock or a shared one. */
export interface MovableClock extends Clock {
  advance(ms: number): void | Promise<void>;
}
