/**
 * docs.json language codes (Mintlify's locale list): the name a language switcher shows, and the
 * BCP 47 tag for `<html lang>`.
 */
const LANGUAGES: Readonly<Record<string, readonly [name: string, tag: string]>> = {
  en: ['English', 'en'],
  cn: ['简体中文', 'zh-CN'],
  zh: ['中文', 'zh'],
  'zh-Hans': ['简体中文', 'zh-Hans'],
  'zh-Hant': ['繁體中文', 'zh-Hant'],
  'zh-CN': ['简体中文', 'zh-CN'],
  'zh-TW': ['繁體中文', 'zh-TW'],
  es: ['Español', 'es'],
  fr: ['Français', 'fr'],
  'fr-CA': ['Français (Canada)', 'fr-CA'],
  'fr-ca': ['Français (Canada)', 'fr-CA'],
  ja: ['日本語', 'ja'],
  jp: ['日本語', 'ja'],
  'ja-jp': ['日本語', 'ja-JP'],
  'ja-JP': ['日本語', 'ja-JP'],
  pt: ['Português', 'pt'],
  'pt-BR': ['Português (Brasil)', 'pt-BR'],
  de: ['Deutsch', 'de'],
  ko: ['한국어', 'ko'],
  it: ['Italiano', 'it'],
  ru: ['Русский', 'ru'],
  ro: ['Română', 'ro'],
  cs: ['Čeština', 'cs'],
  id: ['Bahasa Indonesia', 'id'],
  ar: ['العربية', 'ar'],
  tr: ['Türkçe', 'tr'],
  hi: ['हिन्दी', 'hi'],
  sv: ['Svenska', 'sv'],
  no: ['Norsk', 'no'],
  da: ['Dansk', 'da'],
  lv: ['Latviešu', 'lv'],
  nl: ['Nederlands', 'nl'],
  uk: ['Українська', 'uk'],
  vi: ['Tiếng Việt', 'vi'],
  pl: ['Polski', 'pl'],
  uz: ['Oʻzbekcha', 'uz'],
  he: ['עברית', 'he'],
  ca: ['Català', 'ca'],
  fi: ['Suomi', 'fi'],
  hu: ['Magyar', 'hu'],
};

const RTL = new Set(['ar', 'he']);

/** The name of a language in itself (`fr` → `Français`); unknown codes as written. */
export function languageName(code: string): string {
  return LANGUAGES[code]?.[0] ?? code;
}

/** `<html lang>` and `dir` for a page's language; English when the page has none. */
export function htmlLanguage(code: string | undefined): { readonly lang: string; readonly dir: 'ltr' | 'rtl' } {
  const tag = code === undefined ? 'en' : (LANGUAGES[code]?.[1] ?? code);
  return { lang: tag, dir: RTL.has(tag.split('-')[0] ?? '') ? 'rtl' : 'ltr' };
}
