/** Sent on every response of `sheaf host`, as a flat name/value list. */
export const SECURITY_HEADERS: readonly string[] = ['X-Content-Type-Options', 'nosniff', 'Referrer-Policy', 'strict-origin-when-cross-origin', 'X-Frame-Options', 'SAMEORIGIN'];
