import type { IconLibrary } from './icon-files.js';

/**
 * Free icons that stand in for names no installed library has: Font Awesome Pro names (Mintlify
 * serves Pro, which cannot be shipped) and names that exist nowhere. Pure: no file system.
 *
 * Candidates are tried in order, each in the library it names (every style of it); the first
 * file that exists wins. The curated table comes first: the Pro names found in the corpus of real
 * Mintlify projects, each mapped by hand to the closest free icon. Then general rules: a numbered
 * or lettered circle/square (`circle-3`, `square-e`) is Tabler's `circle-number-3` /
 * `square-letter-e`; a brand may be Tabler's `brand-NAME`; then the name with words dropped from
 * the end (`rocket-launch` → `rocket`), then from the start (`message-bot` → `bot`). Last,
 * `PLACEHOLDER`, so an icon never renders blank.
 */
export interface IconCandidate {
  readonly library: IconLibrary;
  readonly name: string;
}

const fa = (name: string): IconCandidate => ({ library: 'fontawesome', name });
const lucide = (name: string): IconCandidate => ({ library: 'lucide', name });
const tabler = (name: string): IconCandidate => ({ library: 'tabler', name });

/** Pro (or unknown) name → the closest free icon, checked against the installed packages by test/render/components/icon-substitutes.test.ts. */
export const CURATED_SUBSTITUTES: Readonly<Record<string, IconCandidate>> = {
  'alarm-exclamation': fa('alarm-clock'),
  anthropic: lucide('bot'),
  'arrows-repeat': fa('repeat'),
  'bullseye-pointer': fa('bullseye'),
  'chart-mixed': fa('chart-column'),
  'diagram-subtask': tabler('subtask'),
  document: fa('file-lines'),
  'face-smiling-hands': fa('face-smile'),
  flow: lucide('workflow'),
  'gauge-simple-low': fa('gauge-simple'),
  'laptop-mobile': lucide('monitor-smartphone'),
  'message-bot': tabler('message-chatbot'),
  'message-lines': fa('message'),
  'monitor-waveform': tabler('heart-rate-monitor'),
  'phone-arrow-down-left': lucide('phone-incoming'),
  'phone-arrow-right': lucide('phone-forwarded'),
  'phone-arrow-up-right': lucide('phone-outgoing'),
  'rectangle-history': fa('clone'),
  'rocket-launch': fa('rocket'),
  snake: lucide('worm'),
  'spinner-third': fa('spinner'),
  'wave-pulse': lucide('activity'),
};

/** Shown when nothing closer exists: a dashed circle, visibly "an icon goes here". */
export const PLACEHOLDER: IconCandidate = lucide('circle-dashed');

/**
 * The substitutes to try for `name` (lower-case kebab-case, already known to be in no library
 * under its own name), closest first, `PLACEHOLDER` last.
 */
export function substituteCandidates(name: string, library: IconLibrary): IconCandidate[] {
  const out: IconCandidate[] = [];
  const curated = CURATED_SUBSTITUTES[name];
  if (curated) out.push(curated);
  const numbered = /^(circle|square)-(\d+|[a-z])$/.exec(name);
  if (numbered) out.push(tabler(`${numbered[1]}-${/\d/.test(numbered[2] ?? '') ? 'number' : 'letter'}-${numbered[2]}`));
  out.push(tabler(`brand-${name}`));
  const words = name.split('-');
  const shorter: string[] = [];
  for (let n = words.length - 1; n >= 1; n -= 1) shorter.push(words.slice(0, n).join('-'));
  for (let n = 1; n < words.length; n += 1) shorter.push(words.slice(n).join('-'));
  const libraries: IconLibrary[] = [library, ...(['fontawesome', 'lucide', 'tabler'] as const).filter((l) => l !== library)];
  for (const s of shorter) for (const l of libraries) out.push({ library: l, name: s });
  out.push(PLACEHOLDER);
  return out;
}
