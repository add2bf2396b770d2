/**
 * Credentials typed into a playground ([data-pg-auth=scheme key][data-pg-auth-part=value|
 * username|password]) are kept in localStorage only, per site (origin and base path), scheme and
 * part, and sent nowhere but in the request itself. Storage that refuses (private mode, full,
 * disabled) means nothing is remembered; the fields work the same.
 */
import type { BrowserWindow } from '../shared/browser-window.js';

export const STORE_PREFIX = 'sheaf:playground-auth:';

/** The site the page belongs to: the origin and path of <html data-base> resolved against the page. */
export function siteKey(base: string, pageHref: string): string {
  const root = new URL(base || './', pageHref);
  return root.origin + root.pathname;
}

/** The localStorage key of one credential field: `sheaf:playground-auth:<site>:<scheme>:<part>`. */
export function storeKey(site: string, scheme: string | null, part: string | null): string {
  return `${STORE_PREFIX}${site}:${String(scheme)}:${String(part)}`;
}

export interface CredentialStore {
  /** Puts saved values into the form's credential fields. */
  restore(form: Element): void;
  /** Saves one credential field's value. */
  save(field: HTMLInputElement): void;
  /** Removes the form's saved credentials and resets its fields. */
  forget(form: Element): void;
}

export function credentialStore(win: BrowserWindow): CredentialStore {
  const storage = (): Storage | null => {
    try {
      return win.localStorage || null;
    } catch {
      return null;
    }
  };
  const keyOf = (field: Element): string =>
    storeKey(siteKey(win.document.documentElement.getAttribute('data-base') || '', win.location.href), field.getAttribute('data-pg-auth'), field.getAttribute('data-pg-auth-part'));
  const fields = (form: Element): HTMLInputElement[] => Array.from(form.querySelectorAll<HTMLInputElement>('[data-pg-auth]'));

  return {
    restore(form) {
      const store = storage();
      if (!store) return;
      for (const field of fields(form)) {
        try {
          const saved = store.getItem(keyOf(field));
          if (saved !== null) field.value = saved;
        } catch {
          /* storage refused: the field keeps its value */
        }
      }
    },
    save(field) {
      const store = storage();
      if (!store) return;
      try {
        store.setItem(keyOf(field), field.value);
      } catch {
        /* storage full or refused: nothing is remembered */
      }
    },
    forget(form) {
      const store = storage();
      for (const field of fields(form)) {
        if (store) {
          try {
            store.removeItem(keyOf(field));
          } catch {
            /* nothing to forget */
          }
        }
        field.value = field.defaultValue;
      }
    },
  };
}
