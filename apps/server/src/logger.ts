import { writeSync } from 'node:fs';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

const RETRY_MS = 50;

/**
 * Standard output as a log destination that never blocks the process and never spins. A pipe whose reader
 * has stopped reading (a log collector restarting, `| tee` suspended) answers EAGAIN: the line is dropped and
 * counted; pino's own destination retries in a busy loop there, which froze the event loop and with it the
 * shutdown. A pipe whose reader has gone (EPIPE) ends logging for good, lines counted as dropped.
 */
export class StandardOutputLog implements DestinationStream {
  droppedLines = 0;
  private broken = false;
  /** The unwritten end of a line the pipe took only part of; written before anything else. */
  private remainder: Buffer | undefined;
  private droppedBeforeRemainder = 0;

  constructor(private readonly fd = 1) {
    // Node puts a stdio pipe into non-blocking mode when it opens `process.stdout`: a write to a full pipe
    // then fails with EAGAIN instead of blocking the whole process until someone reads.
    if (fd === 1) void process.stdout.writable;
  }

  write(line: string): void {
    if (this.broken || this.remainder) {
      this.droppedLines++;
      return;
    }
    let written: number;
    try {
      written = writeSync(this.fd, line);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (written < Buffer.byteLength(line)) {
      this.remainder = Buffer.from(line).subarray(written);
      this.droppedBeforeRemainder = this.droppedLines;
      setTimeout(() => this.writeRemainder(), RETRY_MS).unref();
    }
  }

  private writeRemainder(): void {
    if (!this.remainder || this.broken) return;
    try {
      this.remainder = this.remainder.subarray(writeSync(this.fd, this.remainder));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
        this.broken = true;
        return;
      }
    }
    if (this.remainder.length > 0) {
      setTimeout(() => this.writeRemainder(), RETRY_MS).unref();
      return;
    }
    this.remainder = undefined;
    const dropped = this.droppedLines - this.droppedBeforeRemainder;
    if (dropped > 0) {
      this.write(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: 'log lines dropped: the log reader was not reading', droppedLogLines: dropped })}\n`,
      );
    }
  }

  private fail(error: unknown): void {
    this.droppedLines++;
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') this.broken = true;
  }
}

/** Structured JSON logs; secrets in headers never reach them. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = new StandardOutputLog(),
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          '*.password',
          '*.accessToken',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
