import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  server: ChildProcess;
  port: number;
  url: string;
  /** Everything it has printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The real entry point as `npm start` runs it (src/main.ts), on a free port, with `environment` on top of ours. */
export function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('DXP Portal is ready')) {
        resolve({
          server,
          port: Number(port),
          url: `http://127.0.0.1:${port}`,
          output: () => output,
          stop: async () => {
            if (server.exitCode !== null) return;
            const exited = new Promise((done) => server.once('exit', done));
            server.kill('SIGKILL');
            await exited;
          },
        });
      }
    });
    server.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
}
