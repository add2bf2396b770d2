import { describe, expect, it } from 'vitest';
import { createThreadStore, expireThreads } from '../../../src/server/assistant/thread-store.js';
import { openStore } from '../../../src/server/store/open-store.js';

const DAY = 86_400_000;

describe('assistant thread retention', () => {
  it('removes threads idle longer than the retention, with their messages, and keeps the rest', async () => {
    const store = await openStore({ kind: 'sqlite', file: ':memory:' });
    try {
      let now = 100 * DAY;
      const threads = createThreadStore(store.db, () => now);
      const old = await threads.create({ domain: 'docs.acme.com', orgId: 'acme', fp: 'a' }, [{ id: 'u1', role: 'user', content: 'old question' }]);
      now += 10 * DAY;
      const kept = await threads.create({ domain: 'docs.acme.com', orgId: 'acme', fp: 'b' }, [{ id: 'u1', role: 'user', content: 'recent question' }]);
      // A thread written to lately stays, however old its first message.
      const revived = await threads.create({ domain: 'docs.acme.com', orgId: 'acme', fp: 'c' }, [{ id: 'u1', role: 'user', content: 'q' }]);
      now += 25 * DAY;
      await threads.append(revived.id, { id: 'u2', role: 'user', content: 'again' });
      now += 6 * DAY;
      // At 30 days: the first (41 days idle) and the second (31 days idle) go; the third, written 6 days ago, stays.
      expect(await expireThreads(store.db, now - 30 * DAY)).toBe(2);
      expect(await threads.find(old.id)).toBeUndefined();
      expect(await threads.find(kept.id)).toBeUndefined();
      expect(await threads.messages(old.id)).toEqual([]);
      expect((await threads.messages(revived.id)).map((m) => m.content)).toEqual(['q', 'again']);
      expect(await expireThreads(store.db, now - 30 * DAY)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
