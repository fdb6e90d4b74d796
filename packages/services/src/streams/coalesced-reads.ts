// Reads that many callers make at once, made once. When a thousand clients open the same
// engagement's stream together, each needs the engagement as it is after its own subscription;
// any read that STARTED after the caller asked will do. So at most one read per key runs, and the
// callers that arrive while it runs share the one read that starts when it ends: two reads per
// wave of callers, not one per caller, and never an answer older than the question.
export function coalescedReads<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const queued = new Map<string, Promise<T>>();

  const start = (key: string): Promise<T> => {
    const promise = read(key).finally(() => {
      if (running.get(key) === promise) running.delete(key);
    });
    running.set(key, promise);
    return promise;
  };

  return (key) => {
    const current = running.get(key);
    if (!current) return start(key);
    const waiting = queued.get(key);
    if (waiting) return waiting;
    const next = current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued.delete(key);
        return start(key);
      });
    queued.set(key, next);
    return next;
  };
}
