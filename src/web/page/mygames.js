// mygames.js - "Your games" on the start page: the games this browser holds
// a seat in (dom.js keeps their tokens), read from the server, most recent
// first; a row opens the game, its button forgets it here.

import { api } from './api.js';
import { h, cap, seats } from './dom.js';

// The rows fetched at once; older entries are only counted (docs/WEB.md).
export const MY_GAMES_MAX = 50;

// The game's title and the options set away from their defaults
// ("Y (size 5, variant double)"); the catalog knows the defaults, and what
// a default decided by the other options comes to ("resolved": Coffee's 4).
function gameText(st, games) {
  const cat = games.find((g) => g.name === st.game) || {};
  const byDefault = (o) => String(o.resolved ?? o.default);
  const set = (cat.options || [])
    .filter((o) => st.options && st.options[o.name] != null && String(st.options[o.name]) !== byDefault(o))
    .map((o) => `${o.name} ${st.options[o.name]}`);
  const title = st.title || cat.title || st.game;
  return set.length ? `${title} (${set.join(', ')})` : title;
}

function opponentText(st, held) {
  if (held.length === 2) return 'A person on this screen';
  const s = st.seats[1 - held[0]] || {};
  if (s.kind !== 'computer') return 'A person';
  if (s.beginner) return 'Computer, beginner';
  return s.ms && !s.level ? `Computer, ${s.ms / 1000} s a move` : `Computer, level ${s.level}`;
}

// Whose move it is, or the result as the player sees it.
function statusText(st, held) {
  const code = st.result.code;
  if (code === 'none') {
    if (held.length === 1 && st.to_move === held[0]) return 'Your move';
    return `${cap(st.colours[st.to_move])} to move`;
  }
  const winner = code === '1-0' ? 0 : code === '0-1' ? 1 : null;
  let head = 'Draw';
  if (winner != null) head = held.length === 2 ? `${cap(st.colours[winner])} won` : winner === held[0] ? 'Won' : 'Lost';
  return st.result.reason ? `${head}: ${st.result.reason}` : head;
}

// Today's time alone, an older day's date.
function whenText(ms) {
  if (!ms) return '';
  const d = new Date(ms);
  return d.toDateString() === new Date().toDateString()
    ? d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString([], { year: 'numeric', month: 'short', day: 'numeric' });
}

// When the game last changed: the server's word (a move the opponent made
// while this browser was away counts), else when this browser last saw it.
const lastChange = (entry, st) => (st.updated ? st.updated * 1000 : entry.seen || 0);
// The list's order: the later of that change and this browser's last visit
// (a game just opened comes first); the visit breaks a tie of the server's
// whole seconds.
const byRecent = ([a, sa], [b, sb]) =>
  Math.max(lastChange(b, sb), b.seen || 0) - Math.max(lastChange(a, sa), a.seen || 0)
  || (b.seen || 0) - (a.seen || 0);

function row(entry, st, games, onremove) {
  const game = gameText(st, games), when = lastChange(entry, st);
  const over = st.result.code !== 'none';
  const colour = entry.held.length === 2 ? 'Both' : cap(st.colours[entry.held[0]]);
  return h('li.mygame', { dataset: { game: entry.id } },
    h('a.open', { href: `#game=${entry.id}`, title: over ? 'Review the game' : 'Play on' },
      h('span.g-game', {}, game),
      h('span.g-opp', {}, opponentText(st, entry.held)),
      h('span.g-colour', {}, colour),
      h(over ? 'span.g-status.over' : 'span.g-status', {}, statusText(st, entry.held)),
      h('span.g-moves', {}, `${st.ply} ${st.ply === 1 ? 'move' : 'moves'}`),
      h('time.g-when', { datetime: when ? new Date(when).toISOString() : null }, whenText(when))),
    h('button.remove', {
      type: 'button', title: 'Remove from this list (the game stays on the server)',
      'aria-label': `Remove ${game}, ${colour}, from your games`, onclick: onremove,
    }, '✕'));
}

// The state of each entry, in parallel.  A game the server no longer has
// (404) is forgotten; another failure leaves the entry out this time only.
async function fetchStates(entries) {
  return Promise.all(entries.map(async (e) => {
    try { return await api.state(e.id, e.tokens[e.held[0]]); } catch (err) {
      if (err.status === 404) seats.forget(e.id);
      return null;
    }
  }));
}

// Fills `box` with the list; nothing at all when this browser has no game.
export async function myGames(box, games) {
  const all = seats.list();
  if (!all.length) return;
  const recent = all.slice(0, MY_GAMES_MAX);
  const states = await fetchStates(recent);
  const list = h('ul.mygames');
  const older = all.length - recent.length;
  const empty = () => { if (!list.children.length && !older) box.replaceChildren(); };
  const shown = recent.map((e, i) => [e, states[i]]).filter(([, st]) => st)
    .sort(byRecent);
  shown.forEach(([e, st]) => {
    const li = row(e, st, games, () => {
      // Focus moves on to a neighbour, so the keyboard stays in the list.
      const next = li.nextElementSibling || li.previousElementSibling;
      seats.forget(e.id);
      li.remove();
      if (next) next.querySelector('button.remove').focus();
      empty();
    });
    list.append(li);
  });
  box.replaceChildren(h('h2', {}, 'Your games'), list);
  if (older > 0) box.append(h('p.older', {}, `${older} older ${older === 1 ? 'game' : 'games'} not shown`));
  empty();
}
