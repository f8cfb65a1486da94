import type { Readable } from 'node:stream';
import { EXPORT_BUSY_MESSAGE, EXPORTS_AT_ONCE } from '@msp/shared';
import { tooManyRequests } from '../../../http/rate-limit.js';

/**
 * How long an export refused for being one too many is told to wait. The exports it waits for take
 * seconds (100,000 submissions in about ten), so a few seconds is a fair first guess.
 */
export const EXPORT_BUSY_RETRY_AFTER_MS = 10_000;

/**
 * The exports this server instance runs at once, admin and key API together. Each one reads the
 * database through a cursor and spends the event loop on its rows, so past a couple the others'
 * requests wait (eight at once held them up to 780 ms). One too many is refused with a 429 and
 * Retry-After rather than queued: a queued download looks stalled in a browser's download manager
 * and to an integrator's HTTP client, while a 429 says what is happening and when to try again.
 */
export class ExportSlots {
  private running = 0;

  constructor(private readonly max = EXPORTS_AT_ONCE) {}

  /** Whether an export would start now; the admin's check asks before the download begins. */
  available(): boolean {
    return this.running < this.max;
  }

  /** Throws the 429 when every slot is taken. */
  refuseWhenFull(): void {
    if (!this.available()) throw tooManyRequests(EXPORT_BUSY_MESSAGE, EXPORT_BUSY_RETRY_AFTER_MS);
  }

  /**
   * Runs `start` in a slot, which is held until the stream it returns has closed (finished,
   * failed or abandoned by the client), or given back at once when `start` fails.
   */
  async run<T extends { stream: Readable }>(start: () => Promise<T>): Promise<T> {
    this.refuseWhenFull();
    this.running++;
    let held = true;
    const release = () => {
      if (held) this.running--;
      held = false;
    };
    try {
      const started = await start();
      if (started.stream.closed) release();
      else started.stream.once('close', release);
      return started;
    } catch (error) {
      release();
      throw error;
    }
  }
}
