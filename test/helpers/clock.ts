// A controllable wall clock for tests: only Date is faked, timers keep running, so database
// drivers, Redis and HTTP keep working while the service sees the time the test sets.
const ONLY_DATE: Parameters<typeof jest.useFakeTimers>[0] = {
  doNotFake: [
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'setImmediate',
    'clearImmediate',
    'setInterval',
    'clearInterval',
    'setTimeout',
    'clearTimeout',
  ],
};

export function useFakeClock(startMs: number): {
  set(ms: number): void;
  advance(ms: number): void;
  now(): number;
} {
  jest.useFakeTimers(ONLY_DATE);
  jest.setSystemTime(startMs);
  return {
    set: (ms) => jest.setSystemTime(ms),
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    now: () => Date.now(),
  };
}

export function useRealClock(): void {
  jest.useRealTimers();
}
