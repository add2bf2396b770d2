/**
 * The security alternative chosen in a playground form (select[data-pg-auth-select], written by
 * src/render/operation/playground/render-auth-fields.ts): its value indexes
 * `PlaygroundSpec.security`. Each scheme's fields sit once in a div[data-pg-auth-in="0 2"] naming
 * the alternatives that use it; p[data-pg-auth-none] says an alternative sends no credentials.
 */
import type { PlaygroundSpec, SpecSecurity } from '../../model/playground-spec.js';

/** The index of the chosen alternative: the select's value, else 0 (one alternative, no select). */
export function chosenAlternative(form: ParentNode): number {
  const select = form.querySelector<HTMLSelectElement>('select[data-pg-auth-select]');
  const n = select ? Number(select.value) : 0;
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The schemes to send: those of the chosen alternative (none for `{}` or when there is no `security`). */
export function chosenSchemes(spec: PlaygroundSpec, form: ParentNode): readonly SpecSecurity[] {
  return spec.security[chosenAlternative(form)] || spec.security[0] || [];
}

/**
 * Shows the fields of the chosen alternative's schemes and hides the others (a hidden field is
 * never sent: only the chosen schemes are read); the "no authentication" note shows when the
 * chosen alternative has no fields.
 */
export function showAuthChoice(form: ParentNode): void {
  const chosen = String(chosenAlternative(form));
  let any = false;
  form.querySelectorAll<HTMLElement>('[data-pg-auth-in]').forEach((el) => {
    const uses = (el.getAttribute('data-pg-auth-in') || '').split(' ').indexOf(chosen) >= 0;
    el.hidden = !uses;
    any = any || uses;
  });
  const none = form.querySelector<HTMLElement>('[data-pg-auth-none]');
  if (none) none.hidden = any;
}
