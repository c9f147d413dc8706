// start.js - the start page: this browser's games (mygames.js), then pick
// a game, its options and the opponent.
// Games and options come from the server's list; nothing here knows a game.

import { api } from './api.js';
import { h, toast, cap, seats } from './dom.js';
import { myGames } from './mygames.js';

function optionField(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.choices) {
    input = h('select', { id, name: o.name },
      o.choices.map((c, i) => h('option', { value: c, selected: i === o.default || c === o.default }, c)));
  } else {
    input = h('input', { id, name: o.name, type: 'number', min: o.min, max: o.max, value: o.default, required: true });
  }
  return h('div.field', {}, h('label', { for: id }, cap(o.name)), input,
    h('small', {}, o.help || '', o.choices ? '' : ` (${o.min}–${o.max})`));
}

function gameCard(game, checked, onpick) {
  return h('label.gamecard', {},
    h('input', { type: 'radio', name: 'game', value: game.name, checked, onchange: onpick }),
    h('span.title', {}, game.title || game.name),
    h('span.sub', {}, (game.colours || []).map(cap).join(' vs ')));
}

function opponentFieldset(game) {
  const col = game.colours || ['first', 'second'];
  const radio = (value, label, checked) => h('label.radio', {},
    h('input', { type: 'radio', name: 'opponent', value, checked }), label);
  return h('fieldset.opponent', {},
    h('legend', {}, 'Opponent'),
    radio('computer', 'Computer', true),
    radio('local', 'A person on this screen'),
    radio('invite', 'A person invited by link'),
    h('div.computer-opts', {},
      h('div.field', {}, h('label', { for: 'strength' }, 'Strength'),
        h('select', { id: 'strength', name: 'strength' },
          h('option', { value: 'level', selected: true }, 'Level'), h('option', { value: 'time' }, 'Time per move'),
          h('option', { value: 'beginner' }, 'Beginner (looks one move ahead)'))),
      h('div.field.level', {}, h('label', { for: 'level' }, 'Level'),
        h('span.range', {}, h('input', { id: 'level', name: 'level', type: 'range', min: 1, max: 10, value: 3 }),
          h('output', { id: 'level-out', for: 'level' }, '3')),
        h('small', { id: 'level-text' }, '')),
      h('div.field.time', { hidden: true }, h('label', { for: 'seconds' }, 'Seconds per move'),
        h('input', { id: 'seconds', name: 'seconds', type: 'number', min: 0.1, max: 60, step: 0.1, value: 1 })),
      h('div.field.time', { hidden: true }, h('label.radio', {},
        h('input', { id: 'ponder', name: 'ponder', type: 'checkbox' }), 'Thinks on your time too'))),
    h('div.field', {}, h('label', { for: 'side' }, 'You play'),
      h('select', { id: 'side', name: 'side' },
        h('option', { value: '0' }, `${cap(col[0])} (first)`), h('option', { value: '1' }, `${cap(col[1])} (second)`),
        h('option', { value: 'random' }, 'Random'))),
    h('div.field', {}, h('label', { for: 'clock' }, 'Clock (minutes each, 0: none)'),
      number('clock', 180)),
    h('div.field.increment', { hidden: true },
      h('label', { for: 'increment' }, 'Increment (seconds a move)'), number('increment', 180),
      h('small', {}, 'added to the clock after each turn (0–180)')));
}

// A whole number field from 0 to max, 0 at first.
function number(id, max) {
  return h('input', { id, name: id, type: 'number', min: 0, max, step: 1, value: 0 });
}

// The game's options as the form has them.
function formOptions(form, game) {
  const fd = new FormData(form);
  const options = {};
  for (const o of game.options || []) {
    const v = fd.get(o.name);
    options[o.name] = o.choices ? v : Number(v);
  }
  return options;
}

// What each level means with the game and options chosen (the server's
// ladder for them), shown under the slider; the latest answer wins.
function levelTexts(form) {
  let texts = [], asked = 0;
  const show = () => {
    const out = form.querySelector('#level-text');
    if (out) out.textContent = texts[Number(form.querySelector('#level').value) - 1] || '';
  };
  const load = async (game) => {
    const mine = ++asked;
    let res;
    try { res = await api.levels(game.name, formOptions(form, game)); } catch { res = { levels: [] }; }
    if (mine !== asked) return;
    texts = [];
    for (const l of res.levels || []) texts[l.level - 1] = l.text;
    show();
  };
  return { load, show };
}

// Shows the computer's fields for the opponent and strength chosen.  A
// hidden field is disabled too: a value it holds (seconds out of range, say)
// neither blocks Play nor reaches the request.
function showFields(form) {
  const strength = form.querySelector('#strength').value;
  const comp = form.querySelector('input[name=opponent]:checked').value === 'computer';
  const show = (el, on) => {
    el.hidden = !on;
    for (const c of el.querySelectorAll('input, select')) c.disabled = !on;
  };
  show(form.querySelector('.computer-opts'), comp);
  show(form.querySelector('.field.increment'), Number(form.querySelector('#clock').value) > 0);
  if (comp) {
    show(form.querySelector('.field.level'), strength === 'level');
    for (const f of form.querySelectorAll('.field.time')) show(f, strength === 'time');
  }
  form.querySelector('#level-out').textContent = form.querySelector('#level').value;
}

// The create request from the form.
function spec(form, game) {
  const fd = new FormData(form);
  const options = formOptions(form, game);
  const opp = fd.get('opponent');
  let side = fd.get('side');
  side = side === 'random' ? Math.round(Math.random()) : Number(side);
  const strength = fd.get('strength');
  const comp = strength === 'time'
    ? { kind: 'computer', ms: Math.round(Number(fd.get('seconds')) * 1000), ...(fd.get('ponder') ? { ponder: true } : {}) }
    : strength === 'beginner' ? { kind: 'computer', beginner: true }
      : { kind: 'computer', level: Number(fd.get('level')) };
  const seatsSpec = [{ kind: 'human' }, { kind: 'human' }];
  if (opp === 'computer') seatsSpec[1 - side] = comp;
  // the friend plays on a screen of their own: fair play (docs/API.md)
  if (opp === 'invite') seatsSpec[1 - side] = { kind: 'human', invited: true };
  const req = { game: game.name, options, seats: seatsSpec };
  const clock = Number(fd.get('clock')), inc = Number(fd.get('increment'));
  if (clock > 0) req.clock_ms = clock * 60000;
  if (clock > 0 && inc > 0) req.clock_inc_ms = inc * 1000;
  return { req, opp, side };
}

async function create(form, game) {
  const { req, opp, side } = spec(form, game);
  const res = await api.create(req);
  const id = res.id;
  const tokens = res.tokens || [];
  if (opp === 'local') { seats.set(id, 0, tokens[0]); seats.set(id, 1, tokens[1]); }
  else seats.set(id, side, tokens[side]);
  if (opp === 'invite') seats.invite(id, 1 - side, (res.links || [])[1 - side]);
  location.hash = `#game=${id}`;
}

function importForm() {
  const file = h('input', { type: 'file', id: 'sgf-file', accept: '.sgf,application/x-go-sgf,text/plain' });
  return h('form.import', {
    onsubmit: async (ev) => {
      ev.preventDefault();
      if (!file.files[0]) { toast('Choose an SGF file first'); return; }
      if (file.files[0].size > 200 << 10) { toast('That file is larger than 200 KiB'); return; }
      try {
        const res = await api.importSgf(await file.files[0].text(), [{ kind: 'human' }, { kind: 'human' }]);
        (res.tokens || []).forEach((t, i) => seats.set(res.id, i, t));
        location.hash = `#game=${res.id}`;
      } catch (e) { toast(`Import failed: ${e.message}`); }
    },
  }, h('label', { for: 'sgf-file' }, 'Continue a game from an SGF record'), file, h('button', { type: 'submit' }, 'Open'));
}

export async function startPage(view) {
  let list;
  try { list = await api.catalog(); } catch (e) { view.replaceChildren(h('p.error', {}, `Cannot reach the server: ${e.message}`)); return; }
  const games = Array.isArray(list) ? list : list.games;
  let game = games[0];
  const optsBox = h('div.options');
  const oppBox = h('div');
  const form = h('form.start', {
    onsubmit: async (ev) => {
      ev.preventDefault();
      const btn = form.querySelector('button[type=submit]');
      btn.disabled = true;
      try { await create(form, game); } catch (e) { toast(`Could not start: ${e.message}`); btn.disabled = false; }
    },
  });
  const levels = levelTexts(form);
  const refresh = () => {
    optsBox.replaceChildren(...(game.options || []).map(optionField));
    oppBox.replaceChildren(opponentFieldset(game));
    showFields(form);
    levels.load(game);
  };
  const cards = h('fieldset.games', {}, h('legend', {}, 'Game'),
    games.map((gm, i) => gameCard(gm, i === 0, () => { game = gm; refresh(); })));
  form.append(cards, h('fieldset.rules', {}, h('legend', {}, 'Options'), optsBox), oppBox,
    h('button.primary', { type: 'submit' }, 'Play'));
  form.addEventListener('input', (ev) => {
    if (optsBox.contains(ev.target)) levels.load(game);
    showFields(form);
    levels.show();
  });
  refresh();
  const mine = h('div.mygamesbox');
  view.replaceChildren(h('section.startpage', {}, mine, h('h1', {}, 'New game'), form, importForm()));
  myGames(mine, games);
}
