import { describe, expect, it } from 'vitest';
import { slugify, slugToTitle } from '../../src/openapi/slug.js';

describe('slugify (reference §3.4 worked examples)', () => {
  it.each([
    ['List all users', 'list-all-users'],
    ['Get a user (v2)', 'get-a-user-v2'],
    ["Update a user's e-mail address.", 'update-a-users-e-mail-address'],
    ['Send a list of `check` operations', 'send-a-list-of-`check`-operations'],
    ['[experimental] Evaluate', '[experimental]-evaluate'],
    ['Übersicht & Co: 100%?', 'übersicht-&-co:-100%?'],
    ['Client API - Display', 'client-api--display'],
    ['/users/{id}', 'users'],
    ['/users/{id}/posts/{postId}', 'users-posts'],
    ['/', ''],
  ])('%s -> %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('slugToTitle', () => {
  it('takes the last segment, spaces for - and _, first letter capitalised', () => {
    expect(slugToTitle('guides/getting-started')).toBe('Getting started');
    expect(slugToTitle('/api-reference/get-users')).toBe('Get users');
    expect(slugToTitle('snake_case_name')).toBe('Snake case name');
  });
});
