/**
 * A long render (a muster roll of a thousand rows, every register of a bundle) runs on the
 * server's only thread: between chunks of rows it lets requests that came in meanwhile be
 * answered, so one user's bundle does not stall everyone else's pages for seconds.
 */
export const ROWS_PER_TURN = 100;

export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
