import pino from 'pino';

/** A structured log entry: `level` (default info) and `msg`, everything else as fields. */
export type Log = (entry: Record<string, unknown>) => void;

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/** One JSON line per entry on stdout through pino (ISO time, numeric level, pid, hostname). */
export function createLogger(destination: pino.DestinationStream | number = 1): Log {
  const logger = pino({ base: { pid: process.pid, service: 'saathi' }, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ dest: destination as number, sync: true }));
  return (entry) => {
    const { level, msg, ...fields } = entry;
    const name = typeof level === 'string' && LEVELS.has(level) ? (level as pino.Level) : 'info';
    logger[name](fields, typeof msg === 'string' ? msg : undefined);
  };
}
