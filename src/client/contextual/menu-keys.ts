/**
 * The menu button pattern (WAI-ARIA APG "Menu Button"): which item a key moves to. Items are the
 * menu's `role="menuitem"` elements in order; `current` is the focused one's index (-1: none).
 * Returns the index to focus, `close` for Escape and Tab, or undefined for other keys.
 */
export function menuKeyTarget(key: string, current: number, count: number): number | 'close' | undefined {
  if (count === 0) return key === 'Escape' || key === 'Tab' ? 'close' : undefined;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'Escape':
    case 'Tab':
      return 'close';
    default:
      return undefined;
  }
}
