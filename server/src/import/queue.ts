import { ApiError } from '../http/errors.ts';

/**
 * Runs spreadsheet jobs one at a time (SPEC.md §9: imports run one at a time): a parse holds a few
 * hundred MB, and this machine has two cores. A few jobs may wait; more are refused with a 429.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;

  constructor(private readonly maxQueued = 4) {}

  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.queued >= this.maxQueued) return Promise.reject(new ApiError(429, 'importBusy'));
    this.queued++;
    const result = this.tail.then(job);
    this.tail = result.then(
      () => this.queued--,
      () => this.queued--,
    );
    return result;
  }
}
