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
