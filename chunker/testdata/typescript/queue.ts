import { EventEmitter } from "events";

/** Options accepted by {@link JobQueue}. */
export interface QueueOptions {
  concurrency: number;
  retries?: number;
}

export type JobState = "pending" | "running" | "done" | "failed";

export enum Priority {
  Low,
  Normal,
  High,
}

/**
 * A job queue that runs at most `concurrency` jobs at a time and retries
 * failed jobs.
 */
export class JobQueue<T> extends EventEmitter {
  private pending: Array<() => Promise<T>> = [];
  private running = 0;

  constructor(private readonly options: QueueOptions) {
    super();
  }

  /** Enqueue a job and resolve with its result. */
  push(job: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      this.pending.push(() => job().then(resolve, reject) as Promise<T>);
      this.next();
    });
  }

  get size(): number {
    return this.pending.length + this.running;
  }

  private next(): void {
    if (this.running >= this.options.concurrency) {
      return;
    }
    const job = this.pending.shift();
    if (!job) {
      this.emit("idle");
      return;
    }
    this.running++;
    job().finally(() => {
      this.running--;
      this.next();
    });
  }
}

/** Sleep for ms milliseconds. */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(fn: () => Promise<T>, retries = 3): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await fn();
    } catch (err) {
      lastError = err;
      await sleep(2 ** attempt * 100);
    }
  }
  throw lastError;
}
