// Choosing a Gomoku game: the rule, the opening, the opponent, the human's colour (or, under
// Swap2, part) against the computer, and the players' names. The choice is remembered in the
// `gomokuParams` setting, which holds exactly the parameters the backend gets (see
// src-tauri/games/src/gomoku/params.rs).

import { el } from '../dom.js';
import { t, errorText, formatNumber, textIn, LANGUAGES } from '../i18n.js';
import { openDialog } from '../dialog.js';
import { call } from '../ipc.js';

export const RULES = ['freestyle', 'exactFive', 'renju', 'caro'];
/// The boards (intersections a side): Renju is 15x15 only (Params::check_size).
export const SIZES = [15, 20];
const SIZE_HINT = { 15: 'gm.board.15.hint', 20: 'gm.board.20.hint' };
export const OPENINGS = ['standard', 'swap2', 'swap1', 'soosorv8', 'taraguchi10'];
/// The openings of Renju only (Opening::fits in opening.rs).
const RENJU_OPENINGS = ['soosorv8', 'taraguchi10'];
/// Whether an opening is played by part (first and second player) rather than by colour.
const byPart = (opening) => Boolean(opening) && opening !== 'standard';
/// Two people, then the computer's levels, weakest first, then an external engine
/// (Opponent::ALL in params.rs).
export const OPPONENTS = ['human', 'beginner', 'easy', 'medium', 'hard', 'master', 'engine'];
export const COLOURS = ['black', 'white'];
/// The times a move an external engine may be given, in milliseconds (the backend takes 100 ms
/// to a minute: src-tauri/engines/seat.rs).
export const MOVE_TIMES = [500, 1000, 2000, 5000, 10000, 30000];
const ENGINE = 'engine';
/// The built-in computer's levels.
const LEVELS = OPPONENTS.filter((o) => o !== 'human' && o !== ENGINE);
/// The clocks offered (src-tauri/games/src/time_control.rs): none, the usual presets, and one's
/// own (`custom`). Each preset is the backend's `timeControl` as it is sent.
export const CLOCK_PRESETS = {
  none: { kind: 'none' },
  'fischer-60-1': { kind: 'fischer', mainMs: 60_000, incrementMs: 1_000 },
  'fischer-300-3': { kind: 'fischer', mainMs: 300_000, incrementMs: 3_000 },
  'fischer-900-5': { kind: 'fischer', mainMs: 900_000, incrementMs: 5_000 },
  'perMove-30': { kind: 'perMove', moveMs: 30_000 },
};
/// A time control in words (src-tauri/games/src/time_control.rs): "5 min + 3 s", "30 s a move".
export function controlText(control) {
  const secondsText = (ms) => formatNumber(ms / 1000, { maximumFractionDigits: 1 });
  if (control?.kind === 'perMove') return t('gm.clock.perMove', { seconds: secondsText(control.moveMs) });
  if (control?.kind !== 'fischer') return t('gm.clock.none');
  const main = control.mainMs % 60_000 === 0
    ? t('gm.clock.minutes', { minutes: formatNumber(control.mainMs / 60_000) })
    : t('gm.clock.seconds', { seconds: secondsText(control.mainMs) });
  return t('gm.clock.fischer', { main, increment: secondsText(control.incrementMs) });
}

/// The kinds of one's own control and their names (literal keys, so that the catalogue test sees
/// them).
const CLOCK_KINDS = { fischer: 'gm.new.clock.kind.fischer', perMove: 'gm.new.clock.kind.perMove' };
/// The preset a control is, or `custom`.
const presetOf = (control) => Object.keys(CLOCK_PRESETS)
  .find((key) => JSON.stringify(CLOCK_PRESETS[key]) === JSON.stringify(control ?? { kind: 'none' })) ?? 'custom';
/// The backend's limit for names (src-tauri/prefs/names.rs); it counts characters, not UTF-16 units.
const MAX_NAME = 32;

/// The opening's name and explanation (literal keys, so that the catalogue test sees them).
const OPENING_TEXT = {
  standard: { label: 'gm.opening.standard', hint: 'gm.opening.standard.explain' },
  swap2: { label: 'gm.opening.swap2', hint: 'gm.opening.swap2.explain' },
  swap1: { label: 'gm.opening.swap1', hint: 'gm.opening.swap1.explain' },
  soosorv8: { label: 'gm.opening.soosorv8', hint: 'gm.opening.soosorv8.explain' },
  taraguchi10: { label: 'gm.opening.taraguchi10', hint: 'gm.opening.taraguchi10.explain' },
};
/// Under Swap2 the human's "colour" is their part in the opening: black opens, white answers.
const SWAP2_PART = { black: 'gm.new.part.first', white: 'gm.new.part.second' };

/// A category's name as the backend writes it: "exactFive-hard", "renju-hard-swap2",
/// "caro-hard-20x20".
export const categoryOf = (rule, opponent, opening, size = 15) =>
  `${rule}-${opponent}${byPart(opening) ? `-${opening}` : ''}${size === 20 ? '-20x20' : ''}`;

export const other = (colour) => (colour === 'black' ? 'white' : 'black');

export function defaultName(colour) {
  return t(`gm.defaultName.${colour}`);
}

/// The name the computer plays under, with its level: "Computer (hard)".
export function computerName(opponent) {
  return t('gm.computerName', { level: t(`gm.level.${opponent}`) });
}

/// A name Pastimes gave ("Black", "Computer (hard)") in any language, said in today's; null
/// for a name the player typed.
function givenName(name) {
  for (const colour of COLOURS) {
    if (LANGUAGES.some((lang) => textIn(lang, `gm.defaultName.${colour}`) === name)) return defaultName(colour);
  }
  for (const opponent of LEVELS) {
    const inLanguage = (lang) => textIn(lang, 'gm.computerName', { level: textIn(lang, `gm.level.${opponent}`) });
    if (LANGUAGES.some((lang) => inLanguage(lang) === name)) return computerName(opponent);
  }
  return null;
}

/// A player's name as shown: one Pastimes gave, in whichever language the game was started, in
/// today's language; any other as it was typed. A game keeps the names it was started with, so
/// a game begun in English and resumed, reviewed or watched after a change to German would
/// otherwise say "Black" among German words. (A player who typed "Black" is told apart from
/// the default by nothing, and is said in today's language too.)
export const shownName = (name) => givenName(name) ?? name;

/// The name of the player holding `colour` in a game's view, as shown.
export const nameOf = (view, colour) => shownName(colour === 'black' ? view.blackName : view.whiteName);

/// Whether a player's name is just the colour ("Black"), so the colour need not be said again.
export const namedByColour = (name, colour) => [t(`gm.colour.${colour}`), t(`gm.colourName.${colour}`)]
  .some((word) => word.toLocaleLowerCase() === name.trim().toLocaleLowerCase());

/// What is wrong with a name, as the backend's name check would say (null if nothing).
export function nameProblem(raw) {
  const name = String(raw ?? '').trim();
  if (!name) return 'empty';
  if ([...name].length > MAX_NAME) return 'tooLong';
  if (/\p{Cc}/u.test(name)) return 'control';
  return null;
}

function validName(raw, fallback) {
  return typeof raw === 'string' && !nameProblem(raw) ? raw.trim() : fallback;
}

/// An engine of the player's list as a game names it: "Rapfi 2024".
export const engineName = (entry) => `${entry.name} ${entry.version}`.trim();

/// The remembered choice, completed with defaults; the computer's side gets its name afresh.
/// An external engine is remembered while it is on the player's list (`engines`).
export function savedParams(settings, engines = []) {
  const saved = settings?.gomokuParams ?? {};
  const rule = RULES.includes(saved.rule) ? saved.rule : 'freestyle';
  const opening = OPENINGS.includes(saved.opening) ? saved.opening : 'standard';
  const size = SIZES.includes(saved.size) && !(rule === 'renju' && saved.size !== 15) ? saved.size : 15;
  const entry = engines.find((e) => e.id === saved.engine?.id) ?? engines[0];
  const moveMs = (seat) => (MOVE_TIMES.includes(seat?.moveMs) ? seat.moveMs : 1000);
  const engine = entry ? { id: entry.id, moveMs: moveMs(saved.engine) } : null;
  const known = saved.opponent === ENGINE ? Boolean(engine) : OPPONENTS.includes(saved.opponent);
  const opponent = known ? saved.opponent : 'human';
  const humanColour = COLOURS.includes(saved.humanColour) ? saved.humanColour : 'black';
  const names = {
    black: shownName(validName(saved.blackName, defaultName('black'))),
    white: shownName(validName(saved.whiteName, defaultName('white'))),
  };
  if (opponent === ENGINE) names[other(humanColour)] = engineName(entry);
  else if (opponent !== 'human') names[other(humanColour)] = computerName(opponent);
  // A demo (the computer against itself): a level, or an engine still listed, plays the player's
  // side too.
  const demoEntry = saved.demo === ENGINE ? engines.find((e) => e.id === saved.demoEngine?.id) : null;
  const demo = opponent !== 'human' && (LEVELS.includes(saved.demo) || demoEntry) ? saved.demo : undefined;
  const demoEngine = demo && demoEntry ? { id: demoEntry.id, moveMs: moveMs(saved.demoEngine) } : undefined;
  if (demo) names[humanColour] = demoEngine ? engineName(demoEntry) : computerName(demo);
  const timeControl = saved.timeControl?.kind ? saved.timeControl : CLOCK_PRESETS.none;
  return { rule, size, opening, opponent, humanColour, blackName: names.black, whiteName: names.white, engine, timeControl, demo, demoEngine };
}

/// What of a game's parameters is remembered for the next New game dialog: a name that is only
/// its side's default ("Black", "Computer (hard)") is left out, so that the dialog offers the
/// default of the language of then, not a word of the language the last game was started in.
export function keptParams(params) {
  const kept = { ...params };
  for (const key of ['blackName', 'whiteName']) {
    if (givenName(kept[key]) !== null) delete kept[key];
  }
  // The engine's side is named by the engine, never typed.
  if (kept.opponent === ENGINE) delete kept[`${other(kept.humanColour ?? 'black')}Name`];
  if (!kept.engine) delete kept.engine;
  if (!kept.demo) delete kept.demo;
  if (!kept.demoEngine) delete kept.demoEngine;
  // No clock and the 15x15 board are the defaults, left out as the backend leaves them out.
  if (kept.timeControl?.kind === 'none') delete kept.timeControl;
  if (kept.size === 15) delete kept.size;
  return kept;
}

/// The parameters a game was started with, read back from its view ("play again"). Once a Swap2
/// opening settled the colours, the view names players by colour; the parameters name them by
/// part (black: the first player), so the first player's colour turns them back. Names Pastimes
/// gave come back in today's language.
export function paramsOf(view) {
  const first = byPart(view.opening) ? view.swap2?.firstColour : null;
  const named = (colour) => nameOf(view, colour);
  const [firstName, secondName] = first ? [named(first), named(other(first))] : [named('black'), named('white')];
  const humanColour = first ? (view.humanColour === first ? 'black' : 'white') : view.humanColour;
  const seatOf = (seat) => (seat ? { id: seat.id, moveMs: seat.moveMs } : undefined);
  const engine = seatOf(view.engine);
  return {
    rule: view.rule, size: view.size, opening: view.opening ?? 'standard', opponent: view.opponent, humanColour,
    blackName: firstName, whiteName: secondName, engine, timeControl: view.timeControl ?? CLOCK_PRESETS.none,
    demo: view.demo?.level, demoEngine: seatOf(view.demoEngine),
  };
}

function radios(name, values, checked, label, hint) {
  return values.map((value) => el('label', { class: 'gm-choice', for: `gm-${name}-${value}` },
    el('input', { type: 'radio', name, value, id: `gm-${name}-${value}`, checked: value === checked ? true : undefined }),
    el('span', {}, el('span', { class: 'gm-choice-label', text: label(value) }),
      hint ? el('span', { class: 'hint', text: hint(value) }) : null)));
}

/// Who a name belongs to: "Black", or under Swap2 (colours chosen later) "First player".
const playerWord = (colour, swap2) => t(swap2 ? SWAP2_PLAYER[colour] : `gm.colourName.${colour}`);
const SWAP2_PLAYER = { black: 'gm.new.player.first', white: 'gm.new.player.second' };

/// The clock's fieldset: a list of presets and a custom control (its kind, its time and its
/// increment, in seconds). `value()` is the `timeControl` sent; the backend refuses a bad one.
function clockField(initial) {
  const preset = presetOf(initial);
  const select = el('select', { id: 'gm-clock', name: 'clock' }, Object.keys(CLOCK_PRESETS).concat('custom').map((key) => el('option', {
    value: key, selected: key === preset ? true : undefined,
    text: key === 'custom' ? t('gm.new.clock.custom') : controlText(CLOCK_PRESETS[key]),
  })));
  const custom = initial?.kind === 'perMove' ? initial : initial?.kind === 'fischer' ? initial : CLOCK_PRESETS['fischer-300-3'];
  const kind = el('select', { id: 'gm-clock-kind' }, Object.entries(CLOCK_KINDS).map(([value, key]) => el('option', {
    value, selected: value === custom.kind ? true : undefined, text: t(key),
  })));
  const number = (id, ms) => el('input', {
    type: 'number', id, min: '0', step: 'any', inputmode: 'decimal', value: String(ms / 1000), 'aria-describedby': 'gm-new-error',
  });
  const time = number('gm-clock-time', custom.kind === 'perMove' ? custom.moveMs : custom.mainMs);
  const increment = number('gm-clock-increment', custom.incrementMs ?? 0);
  const incrementLabel = el('label', { for: 'gm-clock-increment' }, t('gm.new.clock.increment'), increment);
  const customBox = el('div', { class: 'gm-clock-custom', id: 'gm-clock-custom' },
    el('label', { for: 'gm-clock-kind' }, t('gm.new.clock.kind'), kind),
    el('label', { for: 'gm-clock-time' }, t('gm.new.clock.time'), time), incrementLabel);
  const update = () => {
    customBox.hidden = select.value !== 'custom';
    incrementLabel.hidden = kind.value === 'perMove';
  };
  select.addEventListener('change', update);
  kind.addEventListener('change', update);
  update();
  // Seconds as typed, in milliseconds; what is no number goes as it is, and the backend says why.
  const ms = (input) => (input.value.trim() === '' ? null : Math.round(Number(input.value) * 1000));
  const value = () => {
    if (select.value !== 'custom') return CLOCK_PRESETS[select.value];
    if (kind.value === 'perMove') return { kind: 'perMove', moveMs: ms(time) };
    return { kind: 'fischer', mainMs: ms(time), incrementMs: ms(increment) ?? 0 };
  };
  const node = el('fieldset', { class: 'gm-fieldset', id: 'gm-clock-set' }, el('legend', { text: t('gm.new.clock') }),
    el('label', { for: 'gm-clock', class: 'gm-clock-choice' }, t('gm.new.clock.choice'), select), customBox,
    el('span', { class: 'hint', text: t('gm.new.clock.hint') }));
  return { node, value };
}

/// Asks for a new game's settings; `start(params)` starts it and may fail with the backend's
/// error, which the dialog then shows. Resolves with the params started, or null if cancelled.
export async function chooseParams(app, start) {
  // The player's external engines (Preferences > Engines); none, and the choice is not offered.
  const engines = await call('engines').catch(() => []);
  const initial = savedParams(app.settings, engines);
  // The names the player typed, per colour; the computer's side shows its own name instead.
  const typed = { black: initial.blackName, white: initial.whiteName };
  if (initial.opponent !== 'human') typed[other(initial.humanColour)] = defaultName(other(initial.humanColour));
  if (initial.demo) typed[initial.humanColour] = defaultName(initial.humanColour);

  const ruleChoices = radios('rule', RULES, initial.rule, (r) => t(`gm.rule.${r}`), (r) => t(`gm.rule.${r}.hint`));
  // Side by side, their descriptions as tooltips.
  const sizeChoices = radios('size', SIZES, initial.size, (n) => t('gm.board.size', { n }));
  sizeChoices.forEach((node, index) => node.setAttribute('title', t(SIZE_HINT[SIZES[index]])));
  const openingChoices = radios('opening', OPENINGS, initial.opening, (o) => t(OPENING_TEXT[o].label), (o) => t(OPENING_TEXT[o].hint));
  // The engine is offered once the player has added one.
  const opponentChoices = radios('opponent', OPPONENTS.filter((o) => o !== ENGINE || engines.length), initial.opponent,
    (o) => t(`gm.opponent.${o}`));
  const option = (value, text, chosen) => el('option', { value, text, selected: value === chosen ? true : undefined });
  const engineSelect = el('select', { id: 'gm-engine', name: 'engine' },
    engines.map((entry) => option(entry.id, engineName(entry), initial.engine?.id)));
  const timeSelect = el('select', { id: 'gm-move-time', name: 'moveTime' },
    MOVE_TIMES.map((ms) => option(String(ms), t('stats.seconds', { seconds: formatNumber(ms / 1000) }), String(initial.engine?.moveMs ?? 1000))));
  const timeLabel = el('label', { for: 'gm-move-time' }, t('gm.new.moveTime'), timeSelect);
  const engineLabel = el('label', { for: 'gm-engine' }, t('gm.new.engine'), engineSelect);
  const engineChoice = el('div', { class: 'gm-engine-choice', id: 'gm-engine-choice' }, engineLabel, timeLabel);
  const chosenEngine = () => engines.find((entry) => entry.id === engineSelect.value);
  // Computer against computer (a demo): a level or an engine plays the player's side too, until
  // taken over (an engine's option is `engine:` and its id; the same engine as the opponent's
  // runs twice).
  const DEMO_ENGINE = 'engine:';
  const demoBox = el('input', { type: 'checkbox', id: 'gm-new-demo', checked: initial.demo ? true : undefined });
  const demoInitial = initial.demoEngine ? DEMO_ENGINE + initial.demoEngine.id : initial.demo ?? 'hard';
  const demoLevel = el('select', { id: 'gm-new-demo-level', name: 'demoLevel' },
    LEVELS.map((level) => option(level, t(`gm.level.${level}`), demoInitial)),
    engines.map((entry) => option(DEMO_ENGINE + entry.id, engineName(entry), demoInitial)));
  const demoChoice = el('div', { class: 'gm-demo-choice', id: 'gm-new-demo-choice' },
    el('label', { for: 'gm-new-demo', class: 'gm-demo-check' }, demoBox, t('gm.new.demo')),
    el('label', { for: 'gm-new-demo-level' }, t('gm.new.demoLevel'), demoLevel));
  const demoOn = () => demoBox.checked && !demoBox.disabled;
  /// The engine chosen to play the player's side of a demo, if one is.
  const demoEntry = () => (demoOn() && demoLevel.value.startsWith(DEMO_ENGINE)
    ? engines.find((entry) => DEMO_ENGINE + entry.id === demoLevel.value) : null);
  // Six opponents with a description each would not fit the window: the chosen one's shows.
  const opponentHint = el('p', { class: 'hint', id: 'gm-opponent-hint', 'aria-live': 'polite' });
  const colourChoices = radios('colour', COLOURS, initial.humanColour, (c) => t(`gm.new.colour.${c}`));
  const colourLegend = el('legend', { text: t('gm.new.yourColour') });
  const colourSet = el('fieldset', { class: 'gm-fieldset', id: 'gm-colour' }, colourLegend, colourChoices);
  const inputs = Object.fromEntries(COLOURS.map((colour) => [colour, el('input', {
    type: 'text', id: `gm-name-${colour}`, name: `${colour}Name`, maxlength: MAX_NAME, autocomplete: 'off',
    spellcheck: 'false', 'aria-describedby': 'gm-new-error',
  })]));
  const error = el('p', { class: 'error', id: 'gm-new-error', role: 'alert' });
  const clock = clockField(initial.timeControl);
  const form = { value: (name) => document.querySelector(`#gomoku-new-dialog input[name=${name}]:checked`)?.value };

  const choice = () => ({
    rule: form.value('rule') ?? initial.rule,
    size: Number(form.value('size') ?? initial.size),
    opening: form.value('opening') ?? initial.opening,
    opponent: form.value('opponent') ?? initial.opponent,
    humanColour: form.value('colour') ?? initial.humanColour,
  });
  const update = () => {
    const { opponent, humanColour, opening } = choice();
    const computerSide = opponent === 'human' ? null : other(humanColour);
    demoBox.disabled = opponent === 'human';
    demoLevel.disabled = !demoOn();
    const demoSide = demoOn() ? humanColour : null;
    colourSet.disabled = opponent === 'human';
    opponentHint.textContent = t(`gm.opponent.${opponent}.hint`);
    // An engine plays the rules it played when it was added, and Swap2 if it answered it (in a
    // demo of two engines, both must).
    const entry = opponent === ENGINE ? chosenEngine() : null;
    const playing = [entry, demoEntry()].filter(Boolean);
    // The opponent's engine, and the time a move of the engines playing (the demo's too).
    engineChoice.hidden = !playing.length;
    engineLabel.hidden = opponent !== ENGINE;
    // An engine plays to the game's clock as a person does; its own time a move is for a game
    // without one.
    timeLabel.hidden = clock.value()?.kind !== 'none';
    for (const input of document.querySelectorAll('#gomoku-new-dialog input[name=rule]')) {
      input.disabled = playing.some((e) => !e.rules.includes(input.value));
    }
    const swap2Input = document.querySelector('#gomoku-new-dialog input[name=opening][value=swap2]');
    if (swap2Input) swap2Input.disabled = playing.some((e) => !e.swap2);
    // Soosõrv-8 and Taraguchi-10 are Renju's; an engine plays only the standard opening and Swap2.
    const { rule } = choice();
    // Renju is played on 15x15 only: its 20x20 is not offered; nor to an engine that refused
    // START 20 when it was added.
    const twenty = document.getElementById('gm-size-20');
    if (twenty) {
      twenty.disabled = rule === 'renju' || playing.some((e) => !(e.sizes ?? [15]).includes(20));
      if (twenty.disabled && twenty.checked) document.getElementById('gm-size-15').checked = true;
    }
    for (const input of document.querySelectorAll('#gomoku-new-dialog input[name=opening]')) {
      if (input.value === 'standard' || input.value === 'swap2') continue;
      input.disabled = playing.length > 0 || (RENJU_OPENINGS.includes(input.value) && rule !== 'renju');
      if (input.disabled && input.checked) document.getElementById('gm-opening-standard').checked = true;
    }
    const computer = entry ? engineName(entry) : computerName(opponent);
    // Under Swap2 (and every opening rule) the colours are chosen in the opening: the player
    // picks a part instead.
    const swap2 = byPart(form.value('opening') ?? opening);
    colourLegend.textContent = t(swap2 ? 'gm.new.yourPart' : 'gm.new.yourColour');
    colourChoices.forEach((node, index) => {
      const colour = COLOURS[index];
      node.querySelector('.gm-choice-label').textContent = swap2 ? t(SWAP2_PART[colour]) : t(`gm.new.colour.${colour}`);
    });
    for (const colour of COLOURS) {
      // Under Swap2 nobody has a colour yet: the names are the first and the second player's.
      const label = document.getElementById(`gm-name-${colour}-label`);
      if (label) label.textContent = playerWord(colour, swap2);
      label?.parentNode.querySelector('.gm-badge').toggleAttribute('hidden', swap2);
      const input = inputs[colour];
      input.disabled = colour === computerSide || colour === demoSide;
      const demoName = () => (demoEntry() ? engineName(demoEntry()) : computerName(demoLevel.value));
      input.value = colour === computerSide ? computer : colour === demoSide ? demoName() : typed[colour];
      input.removeAttribute('aria-invalid');
    }
  };
  for (const colour of COLOURS) inputs[colour].addEventListener('input', () => { typed[colour] = inputs[colour].value; });

  let started = null;
  let pending = false;
  const result = await openDialog({
    id: 'gomoku-new-dialog',
    title: t('gm.new.title'),
    body: [
      // The board's size beside Caro, in the rules' second row: the dialog is tall enough already.
      el('fieldset', { class: 'gm-fieldset', id: 'gm-rule' }, el('legend', { text: t('gm.new.rule') }), ruleChoices,
        el('div', { class: 'gm-size', id: 'gm-size', role: 'radiogroup', 'aria-labelledby': 'gm-size-label' },
          el('span', { class: 'gm-size-label', id: 'gm-size-label', text: t('gm.new.board') }), sizeChoices,
          el('span', { class: 'hint', text: t('gm.new.boardHint') }))),
      el('fieldset', { class: 'gm-fieldset', id: 'gm-opening' }, el('legend', { text: t('gm.new.opening') }), openingChoices),
      el('fieldset', { class: 'gm-fieldset', id: 'gm-opponent' }, el('legend', { text: t('gm.new.opponent') }), opponentChoices, engineChoice, opponentHint, demoChoice),
      colourSet,
      clock.node,
      el('fieldset', { class: 'gm-fieldset gm-names' }, el('legend', { text: t('gm.new.names') }),
        COLOURS.map((colour) => el('label', { for: `gm-name-${colour}` },
          el('span', { class: 'gm-name-label' }, el('span', { class: `gm-badge ${colour}`, 'aria-hidden': 'true' }),
            el('span', { class: 'gm-name-text', id: `gm-name-${colour}-label` })),
          inputs[colour])),
        el('span', { class: 'hint', text: t('gm.new.namesHint', { max: MAX_NAME }) })),
      error,
    ],
    buttons: [{ value: 'cancel', label: t('dialog.cancel') }, { value: 'start', label: t('gm.new.start'), primary: true }],
    onOpen: (dialog) => {
      dialog.addEventListener('change', (event) => {
        if (event.target.type === 'radio' || [engineSelect, demoBox, demoLevel].includes(event.target) || event.target.id?.startsWith('gm-clock')) update();
      });
      update();
      dialog.querySelector('input[name=opponent]:checked')?.focus();
    },
    // The names are checked here; the backend has the last word on the rest, and the dialog stays
    // open with its message until the game started.
    validate: (value, formNode) => {
      if (started) return null;
      if (pending) return 'pending';
      const { rule, size, opening, opponent, humanColour } = choice();
      for (const colour of COLOURS) {
        const input = inputs[colour];
        const problem = input.disabled ? null : nameProblem(input.value);
        if (problem) {
          error.textContent = t(`gm.name.${problem}`, { colour: playerWord(colour, byPart(opening)), max: MAX_NAME });
          input.setAttribute('aria-invalid', 'true');
          input.focus();
          return 'invalid';
        }
      }
      const params = {
        rule, opening, opponent, humanColour, blackName: inputs.black.value.trim(), whiteName: inputs.white.value.trim(),
        timeControl: clock.value(),
      };
      if (size !== 15) params.size = size;
      if (opponent === ENGINE) params.engine = { id: engineSelect.value, moveMs: Number(timeSelect.value) };
      if (demoEntry()) {
        params.demo = ENGINE;
        params.demoEngine = { id: demoEntry().id, moveMs: Number(timeSelect.value) };
      } else if (demoOn()) params.demo = demoLevel.value;
      error.textContent = '';
      pending = true;
      start(params).then(() => {
        started = params;
        formNode.closest('dialog').close('start');
      }).catch((problem) => {
        error.textContent = problem?.code ? errorText(problem) : String(problem);
      }).finally(() => { pending = false; });
      return 'pending';
    },
  });
  return result.value === 'start' ? started : null;
}
