import { randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../store/sqlite.js';
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
  create(thread: { readonly domain: string; readonly orgId: string; readonly fp: string }, messages: readonly NewMessage[]): Thread;
  /** The thread, or undefined if there is none with this id. */
  find(id: string): Thread | undefined;
  /** Messages of the thread, oldest first. */
  messages(threadId: string): StoredMessage[];
  append(threadId: string, message: NewMessage): void;
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
 * Threads and their messages in the service's SQLite database (tables `assistant_threads` and
 * `assistant_messages`, created if missing). `clock` gives ms since epoch for timestamps.
 */
export function createThreadStore(db: SqliteDatabase, clock: () => number): ThreadStore {
  db.exec(`
    CREATE TABLE IF NOT EXISTS assistant_threads (
      id TEXT PRIMARY KEY,
      domain TEXT NOT NULL,
      org_id TEXT NOT NULL,
      fp TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS assistant_messages (
      thread_id TEXT NOT NULL REFERENCES assistant_threads(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      id TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
      content TEXT NOT NULL,
      sources TEXT NOT NULL DEFAULT '[]',
      turn_end TEXT,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (thread_id, seq)
    );
  `);
  const insertThread = db.prepare('INSERT INTO assistant_threads (id, domain, org_id, fp, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
  const selectThread = db.prepare('SELECT id, domain, org_id AS orgId FROM assistant_threads WHERE id = ?');
  const touchThread = db.prepare('UPDATE assistant_threads SET updated_at = ? WHERE id = ?');
  const insertMessage = db.prepare(
    'INSERT INTO assistant_messages (thread_id, seq, id, role, content, sources, turn_end, created_at) ' +
      'VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM assistant_messages WHERE thread_id = ?), ?, ?, ?, ?, ?, ?)',
  );
  const selectMessages = db.prepare(
    'SELECT id, role, content, sources, turn_end AS end, created_at AS createdAt FROM assistant_messages WHERE thread_id = ? ORDER BY seq',
  );
  const append = db.transaction((threadId: string, m: NewMessage) => {
    const now = clock();
    insertMessage.run(threadId, threadId, m.id, m.role, m.content, JSON.stringify(m.sources ?? []), m.end ?? null, now);
    touchThread.run(now, threadId);
  });
  const create = db.transaction((thread: { domain: string; orgId: string; fp: string }, messages: readonly NewMessage[]): Thread => {
    const id = newThreadId();
    const now = clock();
    insertThread.run(id, thread.domain, thread.orgId, thread.fp, now, now);
    for (const m of messages) append(id, m);
    return { id, domain: thread.domain, orgId: thread.orgId };
  });
  return {
    create: (thread, messages) => create(thread, messages),
    find: (id) => selectThread.get(id) as Thread | undefined,
    messages: (threadId) =>
      (selectMessages.all(threadId) as { id: string; role: 'user' | 'assistant'; content: string; sources: string; end: TurnEnd | null; createdAt: number }[]).map(
        (row) => ({
          id: row.id,
          role: row.role,
          content: row.content,
          sources: JSON.parse(row.sources) as string[],
          ...(row.end ? { end: row.end } : {}),
          createdAt: row.createdAt,
        }),
      ),
    append: (threadId, message) => append(threadId, message),
  };
}

/** The provider's view of stored messages. */
export const historyOf = (messages: readonly StoredMessage[]): HistoryMessage[] => messages.map((m) => ({ role: m.role, content: m.content }));
