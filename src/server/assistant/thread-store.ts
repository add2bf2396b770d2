import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ServiceDb } from '../store/open-database.js';
import type { ServiceTables } from '../store/service-tables.js';
import type { HistoryMessage } from './answer-provider.js';

/** How an assistant turn ended: answered, failed at the provider, or cut off by the client. */
export type TurnEnd = 'stop' | 'error' | 'aborted';

export interface Thread {
  readonly id: string;
  readonly domain: string;
  readonly orgId: string;
}

export interface StoredMessage {
  /** The client's message id for user messages; ours (`msg_…`) for answers. */
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  /** Cited pages of an answer (`path`s), in citation order. */
  readonly sources: readonly string[];
  /** For answers: how the turn ended. */
  readonly end?: TurnEnd;
  /** ms since epoch. */
  readonly createdAt: number;
}

export interface ThreadStore {
  /** A new thread with its first messages (the conversation the client sent). */
  create(thread: { readonly domain: string; readonly orgId: string; readonly fp: string }, messages: readonly NewMessage[]): Promise<Thread>;
  /** The thread, or undefined if there is none with this id. */
  find(id: string): Promise<Thread | undefined>;
  /** Messages of the thread, oldest first. */
  messages(threadId: string): Promise<StoredMessage[]>;
  append(threadId: string, message: NewMessage): Promise<void>;
}

export interface NewMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly sources?: readonly string[];
  readonly end?: TurnEnd;
}

/** `thr_` + 32 hex digits (128 random bits): the thread id is what lets a client continue it. */
export const newThreadId = (): string => `thr_${randomBytes(16).toString('hex')}`;

/**
 * Threads and their messages in the service's store (tables `assistant_threads` and
 * `assistant_messages`, made by the store's migrations), SQLite or PostgreSQL. `clock` gives ms
 * since epoch for timestamps.
 */
export function createThreadStore(db: ServiceDb, clock: () => number): ThreadStore {
  const appendIn = async (tx: Transaction<ServiceTables> | ServiceDb, threadId: string, m: NewMessage) => {
    const now = clock();
    const last = await tx.selectFrom('assistant_messages').select((eb) => eb.fn.max('seq').as('seq')).where('thread_id', '=', threadId).executeTakeFirst();
    await tx
      .insertInto('assistant_messages')
      .values({
        thread_id: threadId,
        seq: Number(last?.seq ?? 0) + 1,
        id: m.id,
        role: m.role,
        content: m.content,
        sources: JSON.stringify(m.sources ?? []),
        turn_end: m.end ?? null,
        created_at: now,
      })
      .execute();
    await tx.updateTable('assistant_threads').set({ updated_at: now }).where('id', '=', threadId).execute();
  };
  return {
    create: (thread, messages) =>
      db.transaction().execute(async (tx) => {
        const id = newThreadId();
        const now = clock();
        await tx.insertInto('assistant_threads').values({ id, domain: thread.domain, org_id: thread.orgId, fp: thread.fp, created_at: now, updated_at: now }).execute();
        for (const m of messages) await appendIn(tx, id, m);
        return { id, domain: thread.domain, orgId: thread.orgId };
      }),
    find: (id) => db.selectFrom('assistant_threads').select(['id', 'domain', 'org_id as orgId']).where('id', '=', id).executeTakeFirst(),
    async messages(threadId) {
      const rows = await db
        .selectFrom('assistant_messages')
        .select(['id', 'role', 'content', 'sources', 'turn_end', 'created_at'])
        .where('thread_id', '=', threadId)
        .orderBy('seq')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        role: row.role,
        content: row.content,
        sources: JSON.parse(row.sources) as string[],
        ...(row.turn_end ? { end: row.turn_end as TurnEnd } : {}),
        createdAt: Number(row.created_at),
      }));
    },
    // Two appends to one thread at once (an answer stored while the next question arrives) may
    // take the same `seq` on PostgreSQL: the one that lost the race tries again.
    append: async (threadId, message) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.transaction().execute((tx) => appendIn(tx, threadId, message));
        } catch (error) {
          if (attempt >= 5 || !isUniqueViolation(error)) throw error;
        }
      }
    },
  };
}

/**
 * Removes the threads (and their messages) last written before `before` (ms since epoch): the
 * assistant's retention. Returns how many threads went.
 */
export async function expireThreads(db: ServiceDb, before: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const old = tx.selectFrom('assistant_threads').select('id').where('updated_at', '<', before);
    await tx.deleteFrom('assistant_messages').where('thread_id', 'in', old).execute();
    const result = await tx.deleteFrom('assistant_threads').where('updated_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** PostgreSQL's unique_violation, or SQLite's primary-key constraint. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** The provider's view of stored messages. */
export const historyOf = (messages: readonly StoredMessage[]): HistoryMessage[] => messages.map((m) => ({ role: m.role, content: m.content }));
