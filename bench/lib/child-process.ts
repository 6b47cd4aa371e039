// A benchmark server in a child process (so the load generator does not share its event loop), asked
// for figures over IPC. The servers are plain JavaScript run by node itself: a TypeScript loader would
// add its own memory and start-up work to what is measured.
import { type ChildProcess, fork } from 'node:child_process';

/** One statement as the portal sent it (see statement-counter.mjs), times relative to the recording's start. */
export interface RecordedStatement {
  /** Set for a named prepared statement. */
  name?: string;
  text: string;
  values: unknown[];
  startedAt: number;
  endedAt: number;
}

export interface BenchChild {
  process: ChildProcess;
  ask<Value>(type: string, fields?: Record<string, unknown>): Promise<Value>;
  stop(): Promise<void>;
}

export async function startChild(
  modulePath: string,
  environment: Record<string, string>,
  execArgv: string[] = [],
): Promise<BenchChild> {
  const child = fork(modulePath, [], {
    env: { ...process.env, ...environment },
    execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, (value: unknown) => void>();
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${modulePath} exited with ${code} before it was ready`)));
    child.on('message', (message: { id: number; value: unknown }) => {
      if (message.id === 0) resolve();
      pending.get(message.id)?.(message.value);
      pending.delete(message.id);
    });
  });
  await ready;
  return {
    process: child,
    ask: <Value>(type: string, fields: Record<string, unknown> = {}) =>
      new Promise<Value>((resolve) => {
        const id = nextId++;
        pending.set(id, resolve as (value: unknown) => void);
        child.send({ id, type, ...fields });
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
