import type { ChildProcess } from 'node:child_process';
/**
 * Asks `url`/readyz until it answers 200, as a load balancer does before sending a new instance
 * traffic, and returns how long that took in ms. Throws after `maxMs`, with its last answer.
 */
export async function untilReady(url: string, maxMs = 120_000): Promise<number> {
  const started = performance.now();
  let last = '';
  while (performance.now() - started < maxMs) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) return performance.now() - started;
      last = await response.text();
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within ${maxMs / 1000} s: ${last}`);
}

/** Stops a server the bench started, as its service manager would (SIGTERM), once it has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
