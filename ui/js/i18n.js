// Translation: one JSON catalogue per language in ui/i18n/, shared with the Rust menu.

let catalogue = {};
let fallback = {};
let current = 'en';
/// Every language's catalogue that could be loaded, by language: words Pastimes stored in the
/// language of their day (a Gomoku player's default name) are recognised in any of them.
const everyCatalogue = {};

/// The languages, as the backend lists them (src-tauri/prefs/i18n.rs `LANGUAGES`; a test
/// compares the two): English first, the others in the order of their own names.
export const LANGUAGES = ['en', 'cs', 'de', 'es', 'fr', 'pl', 'vi', 'ru', 'ja', 'ko', 'zh', 'zh-Hant'];

/// Each catalogue is fetched once; a failed fetch may be tried again.
const fetched = new Map();

function fetchCatalogue(lang) {
  if (!fetched.has(lang)) {
    const request = fetch(`i18n/${lang}.json`).then((response) => {
      if (!response.ok) throw new Error(`no catalogue for ${lang}`);
      return response.json();
    });
    request.catch(() => fetched.delete(lang));
    fetched.set(lang, request);
  }
  return fetched.get(lang);
}

/// Starts fetching a catalogue before it is known to be needed (English, the fallback of every
/// language, while the page still waits for the backend at start-up).
export function prefetchCatalogue(lang) {
  fetchCatalogue(lang).catch(() => {});
}

/// The language to use: the player's choice, else the system's. `system` is the backend's
/// reading of the locale (LANG, LC_MESSAGES...), given in app_info: the page never guesses it.
export function resolveLanguage(choice, system) {
  if (choice && choice !== 'system' && LANGUAGES.includes(choice)) return choice;
  return LANGUAGES.includes(system) ? system : 'en';
}

/// Loads the catalogue of `lang` (already resolved), and the other languages' for [`textIn`],
/// and tells the document its language.
export async function loadLanguage(lang) {
  const next = LANGUAGES.includes(lang) ? lang : 'en';
  const others = LANGUAGES.filter((l) => !(l in everyCatalogue)).map((l) =>
    fetchCatalogue(l).then((loaded) => { everyCatalogue[l] = loaded; }, () => {}));
  const [english, own] = await Promise.all([
    fetchCatalogue('en'),
    next === 'en' ? null : fetchCatalogue(next).catch(() => null),
    ...others,
  ]);
  const chosen = own ?? english;
  fallback = english;
  catalogue = chosen;
  current = next;
  document.documentElement.lang = locale();
}

/// The tag each language formats dates and numbers with on this system (`en-GB` on a British
/// one), from the backend's app_info; its date fields use the same (src-tauri/prefs/i18n.rs
/// `format_locale`).
let locales = {};

export function setLocales(tags) {
  locales = tags ?? {};
}

/// Each Chinese catalogue's region where the backend has not said (as its `format_locale`
/// does with no system region): the script's usual one.
const CHINESE_REGIONS = { zh: 'zh-CN', 'zh-Hant': 'zh-TW' };

/// The BCP 47 tag for Intl and the document: the system's region where it speaks the page's
/// language; Simplified Chinese is zh-CN, Traditional zh-TW (or zh-HK on such a system).
export function locale() {
  return locales[current] ?? CHINESE_REGIONS[current] ?? current;
}

export function language() {
  return current;
}

/// The text for `key`, with {name} placeholders filled from `params`.
export function t(key, params = {}) {
  return filled(catalogue[key] ?? fallback[key] ?? key, params);
}

/// The text for `key` in `lang` (any of [`LANGUAGES`]), or null where that catalogue lacks it.
export function textIn(lang, key, params = {}) {
  const template = everyCatalogue[lang]?.[key];
  return template === undefined ? null : filled(template, params);
}

function filled(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/// A backend error in the player's language (falls back to the backend's English message).
export function errorText(error) {
  const key = `error.${error.code}`;
  const text = t(key, shownParams(error.params || {}));
  return text === key ? error.message : text;
}

/// The params of an error as the page's language writes them: its numbers formatted ("between
/// 10 and 9,801"), its quantity (`what`: "width", "mines") named where the page knows it, as
/// the backend's own word otherwise.
function shownParams(params) {
  const shown = Object.fromEntries(Object.entries(params).map(([name, value]) =>
    [name, typeof value === 'number' ? formatNumber(value) : value]));
  if (typeof params.what !== 'string') return shown;
  const key = `error.what.${params.what}`;
  const name = t(key);
  return { ...shown, what: name === key ? params.what : name };
}

export function formatNumber(value, options = {}) {
  return new Intl.NumberFormat(locale(), options).format(value);
}

export function formatDate(iso) {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/// Between the parts of a line ("Won · 12.3 s · Ada"): the dot keeps to the part before it, so
/// a line that wraps never begins with one.
const SEPARATOR = '\u00a0· ';

/// `parts` in one line, the empty ones left out, each pair parted by [`SEPARATOR`].
export function joined(parts) {
  return parts.filter(Boolean).join(SEPARATOR);
}

/// A clock's reading: "1:05", "12:00", "1:02:03".
export function formatClock(ms) {
  const total = Math.floor(ms / 1000);
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n) => String(n).padStart(2, '0');
  return hours ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/// A time in seconds with `decimals` decimals ("12.3", or a game's own precision: catalogue.js's
/// `formatTime`); rounded on the whole milliseconds, so 12,345 ms is "12.35" to the hundredth.
export function formatSeconds(ms, decimals = 1) {
  const step = 10 ** (3 - decimals);
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    .format((Math.round(ms / step) * step) / 1000);
}

/// "3 records", "1 record": `count.<noun>.<plural form>` with the number formatted.
export function count(noun, n) {
  const form = new Intl.PluralRules(locale()).select(n);
  const key = `count.${noun}.${form}`;
  const text = t(key, { n: formatNumber(n) });
  return text === key ? t(`count.${noun}.other`, { n: formatNumber(n) }) : text;
}
