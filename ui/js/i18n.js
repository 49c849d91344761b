// Translation: one JSON catalogue per language in ui/i18n/, shared with the Rust menu.

let catalogue = {};
let fallback = {};
let current = 'en';

export const LANGUAGES = ['en', 'de', 'cs', 'zh'];

async function fetchCatalogue(lang) {
  const response = await fetch(`i18n/${lang}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  return response.json();
}

/// The language to use: the player's choice, else the system's, else English.
export function resolveLanguage(choice) {
  if (choice && choice !== 'system' && LANGUAGES.includes(choice)) return choice;
  const system = (navigator.language || 'en').toLowerCase().slice(0, 2);
  return LANGUAGES.includes(system) ? system : 'en';
}

export async function loadLanguage(choice) {
  current = resolveLanguage(choice);
  fallback = await fetchCatalogue('en');
  catalogue = current === 'en' ? fallback : await fetchCatalogue(current).catch(() => fallback);
  document.documentElement.lang = current === 'zh' ? 'zh-CN' : current;
}

export function language() {
  return current;
}

/// The text for `key`, with {name} placeholders filled from `params`.
export function t(key, params = {}) {
  const template = catalogue[key] ?? fallback[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/// A backend error in the player's language (falls back to the backend's English message).
export function errorText(error) {
  const key = `error.${error.code}`;
  const text = t(key, error.params || {});
  return text === key ? error.message : text;
}

export function formatNumber(value) {
  return new Intl.NumberFormat(current).format(value);
}

export function formatDate(iso) {
  return new Intl.DateTimeFormat(current, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatSeconds(ms) {
  return new Intl.NumberFormat(current, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
}
