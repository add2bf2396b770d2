/**
 * The Try-it dialog of an API page (markup: src/render/operation/playground/try-it-dialog.ts):
 * `dialog[data-pg-dialog]` holds the playground form, closed in the markup; each
 * `button[data-pg-open]` (the endpoint line's "Try it", `hidden` in the markup) is shown and opens
 * it as a modal (`showModal()`: the page behind is inert, Escape closes it) with focus on the
 * form's first field (else on Close).
 * `[data-pg-close]` and a click on the backdrop close it; focus then returns to the button that
 * opened it. A browser without `showModal` gets the dialog open in place, below the examples.
 * Idempotent: a dialog is set up once (`data-enhanced`).
 */
/** The first control a reader can fill in the dialog (not in a hidden or disabled part), else its Close button. */
function firstControl(dialog: HTMLDialogElement): HTMLElement | null {
  const controls = dialog.querySelectorAll<HTMLElement>('form :is(input:not([type="hidden"]), select, textarea, button)');
  for (const control of controls) {
    if (!(control as HTMLInputElement).disabled && !control.closest('[hidden]')) return control;
  }
  return dialog.querySelector<HTMLElement>('[data-pg-close]');
}

export function setupTryIt(doc: Document): void {
  const dialog = doc.querySelector<HTMLDialogElement>('dialog[data-pg-dialog]');
  if (!dialog || dialog.hasAttribute('data-enhanced')) return;
  dialog.setAttribute('data-enhanced', '');
  if (typeof dialog.showModal !== 'function') {
    dialog.setAttribute('data-inline', '');
    dialog.setAttribute('open', '');
    return;
  }
  let opener: HTMLElement | null = null;
  doc.querySelectorAll<HTMLButtonElement>('button[data-pg-open]').forEach((button) => {
    button.hidden = false;
    button.setAttribute('aria-expanded', 'false');
    button.addEventListener('click', () => {
      if (dialog.open) return;
      opener = button;
      dialog.showModal();
      button.setAttribute('aria-expanded', 'true');
      firstControl(dialog)?.focus();
    });
  });
  dialog.querySelectorAll('[data-pg-close]').forEach((close) => close.addEventListener('click', () => dialog.close()));
  // A click that starts and ends on the backdrop (the dialog element itself, outside its panel)
  // closes it; a text selection dragged out of a field does not.
  let downOnBackdrop = false;
  dialog.addEventListener('pointerdown', (event) => {
    downOnBackdrop = event.target === dialog;
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog && downOnBackdrop) dialog.close();
    downOnBackdrop = false;
  });
  dialog.addEventListener('close', () => {
    const button = opener;
    opener = null;
    if (!button) return;
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  });
}
