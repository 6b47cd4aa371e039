import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured JSON logs; secrets in headers never reach them. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
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
  });
}
