// panel.js - the game page's parts around the board: players and clocks,
// status, choices, move entry, move list and review, thinking, analysis,
// invitation and records.

import { api } from './api.js';
import { h, toast, cap, seats } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';

function fmtClock(ms) {
  if (ms == null) return '';
  const neg = ms < 0;
  ms = Math.abs(ms);
  const t = Math.ceil(ms / 1000);
  const m = Math.floor(t / 60), s = t % 60;
  const txt = ms < 10000 ? (ms / 1000).toFixed(1) : `${m}:${String(s).padStart(2, '0')}`;
  return (neg ? '-' : '') + txt;
}

// The time control as players write it: minutes each + seconds a turn ("5+3").
function timeControl(c) {
  const base = c.base_ms % 60000 === 0 ? String(c.base_ms / 60000) : `${c.base_ms / 1000}s`;
  return `${base}+${c.inc_ms / 1000}`;
}

function seatName(page, seat) {
  const s = page.live.seats[seat] || {};
  if (s.kind === 'computer') {
    if (s.beginner) return 'Computer (beginner)';
    return s.ms && !s.level ? `Computer (${s.ms / 1000} s/move${s.ponder ? ', thinks on your time' : ''})` : `Computer level ${s.level}`;
  }
  const mine = page.tokens[seat], both = page.tokens[0] && page.tokens[1];
  if (both || !page.mySeats().length) return 'Player';
  return mine ? 'You' : 'Opponent';
}

function resultText(page, st) {
  const code = st.result.code;
  const who = code === '1-0' ? 0 : code === '0-1' ? 1 : null;
  const head = who == null ? 'Draw' : `${cap(page.colour(who))} wins`;
  return `${head} (${code})` + (st.result.reason ? ` — ${st.result.reason}` : '');
}

// A turn of several moves: how many, and how many are made ("2 stones
// (1 placed)"), the pieces named as the board names them; else nothing.
function turnText(st) {
  const t = st.turn;
  if (!t || t.moves < 2) return '';
  const piece = (st.board.cells.find((c) => c.piece) || {}).piece;
  const made = t.made ? ` (${t.made} ${piece ? 'placed' : 'made'})` : '';
  return `: ${t.moves} ${piece ? `${piece.kind}s` : 'moves'}${made}`;
}

function statusText(page) {
  const st = page.live;
  if (st.result.code !== 'none') return resultText(page, st);
  const c = cap(page.colour(st.to_move)), n = turnText(st);
  const toMove = `${c} to move${n}`, yours = `Your move (${c})${n}`;
  if (page.thinkingNow()) return `${toMove} — the computer is thinking`;
  const mine = page.tokens[st.to_move];
  if (mine && st.pondering) return `${yours} — the computer is thinking on your time`;
  if (mine) return page.tokens[0] && page.tokens[1] ? toMove : yours;
  return page.mySeats().length ? `${toMove} — waiting for the opponent` : toMove;
}

// The move list: one numbered row per pair of turns; a turn (a run of moves
// by one player) shows each move as a button that shows the position after it.
function moveList(page) {
  const shown = page.shown.view_ply;
  const ol = h('ol.moves', { 'aria-label': 'Moves' });
  let row = null, turn = null, last = null, rows = 0;
  (page.live.turns || []).forEach((t, i) => {
    if (t.player !== last) {
      if (!row || row.children.length >= 3) {
        row = h('li', {}, h('span.num', {}, `${++rows}.`));
        ol.append(row);
      }
      turn = h('span.turn', { class: `turn p${t.player}` });
      row.append(turn);
      last = t.player;
    }
    turn.append(h('button.mv', {
      type: 'button', dataset: { ply: i + 1 }, class: 'mv' + (i + 1 === shown ? ' current' : ''),
      onclick: () => page.review(i + 1),
    }, t.text));
  });
  return ol;
}

export function panel(page) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'board');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Board');
  const ui = { svg };
  const q = {};
  q.title = h('h1.gametitle');
  q.players = [0, 1].map((s) => h('div.player', { dataset: { seat: s } },
    h('span.swatch'), h('span.name'), h('span.clock', { 'aria-label': 'clock' })));
  q.status = h('p.status', { role: 'status' });
  q.conn = h('span.conn', { title: 'live updates' });
  q.tc = h('span.timecontrol', { title: 'clock: minutes each + seconds added a turn' });
  q.choices = h('div.choices');
  q.thinking = h('div.thinking', { hidden: true },
    h('div.wrbar', { role: 'meter', 'aria-label': 'win rate', 'aria-valuemin': 0, 'aria-valuemax': 100 },
      h('div.wrfill')), h('span.wrtext'));
  q.entry = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', list: 'legal-moves',
    placeholder: 'e.g. the move token', maxlength: 32, spellcheck: 'false', autocapitalize: 'off' });
  q.datalist = h('datalist', { id: 'legal-moves' });
  q.form = h('form.entry', {
    onsubmit: (ev) => {
      ev.preventDefault();
      const t = q.entry.value.trim();
      if (!t) return;
      if (!page.canMove()) { toast('Not your move'); return; }
      q.entry.value = '';
      page.play(t);
    },
  }, h('label', { for: 'move-input' }, 'Move'), q.entry, q.datalist, h('button', { type: 'submit' }, 'Play'));
  q.undo = h('button.undo', { type: 'button', onclick: () => page.action('undo') }, 'Undo');
  q.computer = h('button.computer', { type: 'button', onclick: () => page.action('computer') }, 'Computer move');
  q.resign = h('button.resign', { type: 'button', onclick: () => resign() }, 'Resign');
  q.flip = h('button.flip', { type: 'button', title: 'Turn the board', 'aria-label': 'Turn the board',
    onclick: () => { page.flip = !page.flipped(); page.render(); } }, '⇅');
  q.anaToggle = h('input', { type: 'checkbox', id: 'analysis-toggle', onchange: () => page.toggleAnalysis(q.anaToggle.checked) });
  q.analysis = h('div.analysis', { hidden: true });
  q.anaSwitch = h('label.switch', { for: 'analysis-toggle' }, q.anaToggle, 'Analysis');
  q.anaClosed = h('span.anaclosed', { hidden: true }, 'Analysis opens when the game is over');
  q.takeback = h('div.takeback', { hidden: true, role: 'alert' });
  q.review = h('div.review', { role: 'group', 'aria-label': 'Review' },
    ['«', '‹', '›', '»'].map((sym, i) => h('button', {
      type: 'button', 'aria-label': ['First position', 'Previous move', 'Next move', 'Last position'][i],
      onclick: () => step(i),
    }, sym)));
  q.movesBox = h('div.movesbox');
  q.invite = h('div.invite', { hidden: true });
  q.sgfLink = h('a.button', { download: `quartet-${page.id}.sgf`, href: api.sgfUrl(page.id) }, 'Download SGF');
  const stepPly = (i) => {
    const cur = page.viewPly();
    const ends = [0, ...[...q.movesBox.querySelectorAll('button.mv')].map((b) => +b.dataset.ply)];
    if (i === 0) return 0;
    if (i === 3) return page.live.ply;
    if (i === 1) return Math.max(0, ...ends.filter((p) => p < cur));
    return Math.min(page.live.ply, ...ends.filter((p) => p > cur));
  };
  const step = (i) => page.review(stepPly(i));
  ui.step = step;
  let resignArmed = 0;
  const resign = () => {
    if (!resignArmed) {
      resignArmed = setTimeout(() => { resignArmed = 0; q.resign.textContent = 'Resign'; }, 4000);
      q.resign.textContent = 'Confirm resign';
      return;
    }
    clearTimeout(resignArmed); resignArmed = 0; q.resign.textContent = 'Resign';
    page.action('resign');
  };

  ui.root = h('div.game', {},
    h('section.boardarea', {}, h('div.boardbox', {}, svg), q.choices),
    h('aside.side', {},
      h('div.head', {}, q.title, q.tc, q.conn),
      q.playersBox = h('div.players', {}, q.players[1], q.status, q.players[0]),
      q.thinking,
      h('div.controls', {}, q.undo, q.computer, q.resign, q.flip, q.anaSwitch, q.anaClosed),
      q.takeback,
      q.analysis,
      q.form,
      q.movesBox, q.review,
      q.invite,
      h('div.records', {}, q.sgfLink, h('a.button', { href: '#' }, 'New game'))));

  ui.setConnected = (ok) => q.conn.classList.toggle('down', !ok);
  ui.busy = (b) => ui.root.classList.toggle('busy', b);
  ui.analysisInfo = (t) => { q.analysis.hidden = false; q.analysis.replaceChildren(h('p', {}, t)); };
  ui.showAnalysis = (cands, a) => {
    q.analysis.hidden = false;
    q.analysis.replaceChildren(
      h('p.anahead', {}, `${a.done ? 'Analysis' : 'Analysing…'} ${searched(a, 'playouts')}, ${((a.ms ?? 0) / 1000).toFixed(1)} s`
        + (a.done && !cands.length ? ' — no candidate moves' : '')),
      proofLine(page, a.proof, a.to_move ?? page.live.to_move),
      h('ol.cands', {}, cands.map((c, i) => h('li', { dataset: { move: c.move } },
        h('span.rank', {}, String(i + 1)), h('span.cmv', {}, c.move),
        c.proven ? provenCell(c) : h('span.wr', {}, `${Math.round((c.winrate ?? 0) * 100)}%`),
        h('span.visits', {}, `${c.visits ?? ''} ${a.depth ? 'nodes' : 'visits'}`),
        c.pv && c.pv.length > 1 ? h('span.pv', {}, c.pv.join(' ')) : null))));
  };
  ui.showThinking = () => showThinking(page, q);
  ui.update = (choices, steps) => update(page, q, choices, steps);
  ui.tick = setInterval(() => clocks(page, q), 200);
  document.addEventListener('keydown', (ev) => keys(page, ui, ev));
  ui.q = q;
  return ui;
}

// What a search has counted: alpha-beta (depth > 0) nodes to the depth it
// completed, a tree search its playouts (the tree's visits).
function searched(a, unit) {
  return a.depth ? `${a.visits ?? 0} nodes, depth ${a.depth}` : `${a.visits ?? 0} ${unit}`;
}

// A proven candidate: its value and, when the search knows it, how many
// moves (both players') the game has left along the proof.
function provenCell(c) {
  if (!c.plies) return h('span.wr', {}, c.proven);
  const title = `the game ends ${c.plies} move${c.plies > 1 ? 's' : ''} from here, both players' moves counted`;
  return h('span.wr', { title }, `${c.proven} in ${c.plies}`);
}

// The solver's word on the analysed position (side to move toMove): a
// proven value with the winning moves, or how far the bounded proof got.
function proofLine(page, pr, toMove) {
  if (!pr) return null;
  const who = cap(page.colour(toMove));
  let text;
  if (!pr.done) text = 'Proving…';
  else if (pr.value === 'win') {
    text = `Proven win for ${who}: winning move${pr.winning.length > 1 ? 's' : ''} ${pr.winning.join(' ')}`
      + (pr.solved < pr.moves ? ` (${pr.solved} of ${pr.moves} moves proven)` : '');
  } else if (pr.value === 'loss') text = `Proven loss for ${who}: every move loses`;
  else if (pr.value === 'draw') text = `Proven draw: ${who} cannot win`;
  else text = pr.error ? `No proof: ${pr.error}` : `Not proven (${pr.solved} of ${pr.moves} moves proven, ${pr.nodes} nodes)`;
  return h('p.proof', { dataset: { value: pr.done ? pr.value : 'running' } }, text);
}

// The computer's search: a bar split in the two colours at the win rate of
// the side it searches for, its best move and visits; the last search stays
// shown after its move.
function showThinking(page, q) {
  const t = page.thinking, on = page.thinkingNow();
  q.thinking.classList.toggle('active', on);
  q.thinking.hidden = !on && !t;
  if (q.thinking.hidden) return;
  const seat = t ? t.seat : page.live.to_move;
  const wr = t && t.winrate != null ? t.winrate : 0.5;
  const bar = q.thinking.querySelector('.wrbar'), fill = q.thinking.querySelector('.wrfill');
  fill.style.width = `${(wr * 100).toFixed(1)}%`;
  fill.style.background = page.colourFill(seat);
  bar.style.background = page.colourFill(1 - seat);
  bar.setAttribute('aria-valuenow', Math.round(wr * 100));
  q.thinking.querySelector('.wrtext').textContent = t
    ? `${on ? 'Thinking' : 'Last search'}: ${t.best || '…'} · ${cap(page.colour(seat))} ${Math.round(wr * 100)}% · ${searched(t, 'visits')}`
    : 'Thinking…';
}

function clocks(page, q) {
  const st = page.live;
  if (!st || !st.clocks) { q.players.forEach((p) => { p.querySelector('.clock').textContent = ''; }); return; }
  const since = Date.now() - (page.clockAt || Date.now());
  [0, 1].forEach((s) => {
    let ms = st.clocks.ms[s];
    if (st.clocks.running === s) ms -= since;
    const c = q.players[s].querySelector('.clock');
    c.textContent = fmtClock(ms);
    c.classList.toggle('low', ms < 10000);
  });
}

function update(page, q, choices, steps) {
  const st = page.live;
  q.title.textContent = st.title || st.game;
  document.title = `${st.title || st.game} · quartet`;
  [0, 1].forEach((s) => {
    const p = q.players[s];
    p.querySelector('.swatch').style.background = page.colourFill(s);
    // a computer at a level says what that level plays, as the start page did
    const text = (st.seats[s] || {}).text;
    p.querySelector('.name').replaceChildren(`${cap(page.colour(s))} · ${seatName(page, s)}`,
      ...(text ? [h('small.level-text', {}, text)] : []));
    p.classList.toggle('tomove', st.result.code === 'none' && st.to_move === s);
  });
  const [top, bottom] = page.flipped() ? [0, 1] : [1, 0]; // own side at the bottom, as on the board
  if (q.playersBox.firstChild !== q.players[top]) q.playersBox.replaceChildren(q.players[top], q.status, q.players[bottom]);
  page.clockAt = Date.now();
  clocks(page, q);
  q.tc.textContent = st.clocks ? timeControl(st.clocks) : '';
  const n = page.shown.view_ply;
  q.status.textContent = page.reviewing()
    ? `Reviewing position after ${n} move${n === 1 ? '' : 's'} — ${statusText(page)}`
    : statusText(page);
  q.status.classList.toggle('over', st.result.code !== 'none');
  renderChoices(page, q, choices, steps);
  q.datalist.replaceChildren(...(page.canMove() ? (st.moves || []).slice(0, 300).map((m) => h('option', { value: m.text })) : []));
  q.entry.disabled = !page.canMove();
  q.entry.placeholder = page.canMove() && st.moves.length ? `e.g. ${st.moves[0].text}` : '';
  q.undo.disabled = !page.undoSeats().length;
  q.resign.disabled = !page.mySeats().length || st.result.code !== 'none';
  q.computer.disabled = !page.canMove();
  q.computer.hidden = !!st.apart;
  q.anaSwitch.hidden = page.analysisClosed();
  q.anaClosed.hidden = !page.analysisClosed();
  q.anaToggle.checked = page.analysis;
  takeback(page, q);
  q.movesBox.replaceChildren(moveList(page));
  const cur = q.movesBox.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  showThinking(page, q);
  invite(page, q);
  if (!page.analysis) q.analysis.hidden = true;
  page.ui.root.classList.toggle('reviewing', !!page.reviewing());
}

function renderChoices(page, q, choices, steps) {
  const kids = [];
  if (page.reviewing()) {
    kids.push(h('button.primary', { type: 'button', onclick: () => page.review(page.live.ply) }, 'Back to the game'));
  }
  for (const [choice, label] of choices) {
    kids.push(h('button.choice', { type: 'button', dataset: { choice }, onclick: () => page.click({ choice, label }) }, label));
  }
  if (steps && steps.complete && (steps.cells.size || steps.choices.size)) {
    kids.push(h('button.choice', { type: 'button', onclick: () => page.play(steps.complete.text) }, `Play ${steps.complete.text}`));
  }
  if (page.path.length) kids.push(h('button.cancel', { type: 'button', onclick: () => { page.path = []; page.render(); } }, 'Cancel'));
  q.choices.replaceChildren(...kids);
}

// The link for the invited seat, until that seat has moved (then its player
// has the game) or the game is over.
function invite(page, q) {
  const inv = seats.invitation(page.id);
  const joined = inv && (page.live.turns || []).some((t) => t.player === inv.seat);
  if (!inv || joined || page.live.result.code !== 'none') { q.invite.hidden = true; return; }
  const url = new URL(inv.link, location.href).href;
  q.invite.hidden = false;
  const field = h('input', { readonly: true, value: url, id: 'invite-link', onfocus: (e) => e.target.select() });
  q.invite.replaceChildren(h('label', { for: 'invite-link' }, `Invite a friend to play ${cap(page.colour(inv.seat))}: send this link`),
    h('div.row', {}, field, h('button', {
      type: 'button',
      onclick: async () => { try { await navigator.clipboard.writeText(url); toast('Link copied'); } catch { field.select(); } },
    }, 'Copy')));
}

// A takeback offered between two people apart: the other seat accepts or
// declines, the offerer may cancel, a watcher only sees it.
function takeback(page, q) {
  const st = page.live, by = (st.takeback || {}).by;
  q.takeback.hidden = by == null;
  if (by == null) { q.takeback.replaceChildren(); return; }
  const what = st.result.code === 'none' ? 'last move' : 'resignation';
  const asks = h('p', {}, `${cap(page.colour(by))} asks to take back their ${what}`);
  const btn = (label, accept) => h('button', { type: 'button', onclick: () => page.answerTakeback(accept) }, label);
  const text = page.tokenFor(1 - by) ? [asks, h('div.row', {}, btn('Accept', true), btn('Decline', false))]
    : page.tokenFor(by)
      ? [h('p', {}, `You asked to take back your ${what}: waiting for ${cap(page.colour(1 - by))}`), h('div.row', {}, btn('Cancel', false))]
      : [asks];
  q.takeback.replaceChildren(...text);
}

// Keys that do nothing in a control without text: the arrows step through
// the game there too (after a click on the Analysis switch, say).
const KEYLESS = new Set(['checkbox', 'button', 'submit', 'reset']);

function keys(page, ui, ev) {
  if (!document.body.contains(ui.root)) return;
  const tag = (ev.target.tagName || '').toLowerCase();
  if ((tag === 'input' && !KEYLESS.has(ev.target.type)) || tag === 'select') return;
  if (tag === 'textarea') return;
  const map = { ArrowLeft: 1, ArrowRight: 2, Home: 0, End: 3 };
  if (ev.key in map) { ev.preventDefault(); ui.step(map[ev.key]); }
  else if (ev.key === 'Escape') { page.path = []; page.render(); }
}

export { seats };
