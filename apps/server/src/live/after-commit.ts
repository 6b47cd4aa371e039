import type { Database, DatabaseExecutor } from '../db/client.js';
import type { Logger } from 'pino';
import type { LiveBus, LiveEvent } from './live-bus.js';

/**
 * Services tell open pages about a change with `publishAfterCommit(transaction, event)`. The event leaves once
 * the outermost transaction has committed, so a page that refetches on it finds the change; a transaction that
 * rolls back publishes nothing. Services see only their database handle, so the bus travels with it.
 */

interface Holder {
  bus: LiveBus | undefined;
  logger: Pick<Logger, 'warn'>;
}
interface Binding {
  holder: Holder;
  /** Events waiting for the commit; absent for the database itself, whose statements commit one by one. */
  pending?: LiveEvent[];
}

const bindings = new WeakMap<object, Binding>();

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Makes `publishAfterCommit` publish on `bus` for this database and its transactions; returns the detach. */
export function attachLiveBus(db: Database, bus: LiveBus, logger: Pick<Logger, 'warn'>): () => void {
  const existing = bindings.get(db);
  if (existing) {
    existing.holder.bus = bus;
    existing.holder.logger = logger;
    return () => void (existing.holder.bus = undefined);
  }
  const holder: Holder = { bus, logger };
  bindings.set(db, { holder });
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run: (transaction: Transaction) => Promise<unknown>, config?: never) => {
    const pending: LiveEvent[] = [];
    const result = await transaction((outer) => {
      bind(outer, holder, pending);
      return run(outer);
    }, config);
    for (const event of pending) publishNow(holder, event);
    return result;
  }) as Database['transaction'];
  return () => void (holder.bus = undefined);
}

/** A savepoint's events wait for the outermost commit too. */
function bind(transaction: Transaction, holder: Holder, pending: LiveEvent[]): void {
  bindings.set(transaction, { holder, pending });
  const nested = transaction.transaction.bind(transaction);
  transaction.transaction = ((run: (inner: Transaction) => Promise<unknown>) =>
    nested((inner) => {
      bind(inner, holder, pending);
      return run(inner);
    })) as Transaction['transaction'];
}

function publishNow(holder: Holder, event: LiveEvent): void {
  // A page that misses an event catches up on its next fetch or reconnect; the change itself has committed.
  holder.bus
    ?.publish(event)
    .catch((error: unknown) => holder.logger.warn({ err: error, event: event.name }, 'live event not published'));
}

/** Publishes `event` once `executor`'s transaction commits (at once outside a transaction); nothing without a bus. */
export function publishAfterCommit(executor: DatabaseExecutor, event: LiveEvent): void {
  const binding = bindings.get(executor);
  if (!binding) return;
  if (binding.pending) binding.pending.push(event);
  else publishNow(binding.holder, event);
}
