// dom.js - small helpers to build HTML elements.

// h('button.primary', {onclick}, 'text', child...): tag with classes, then
// attributes (on* become listeners), then children (strings or nodes).
export function h(spec, attrs, ...kids) {
  const [tag, ...cls] = spec.split('.');
  const e = document.createElement(tag || 'div');
  if (cls.length) e.className = cls.join(' ');
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, v);
  }
  for (const kid of kids.flat()) if (kid != null && kid !== false) e.append(kid);
  return e;
}

let toastTimer = 0;
export function toast(msg) {
  const t = document.getElementById('toast');
  t.textContent = msg;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '');

// Tokens of the seats this browser holds, per game, kept across reloads.
const KEY = 'quartet.seats.';
export const seats = {
  get(id) {
    try { return JSON.parse(localStorage.getItem(KEY + id)) || {}; } catch { return {}; }
  },
  set(id, seat, token) {
    const s = seats.get(id);
    s[seat] = token;
    localStorage.setItem(KEY + id, JSON.stringify(s));
    seats.touch(id);
  },
  // The invitation link this browser made for the other seat.
  invite(id, seat, link) {
    if (link) localStorage.setItem(`${KEY}${id}.invite`, JSON.stringify({ seat, link }));
  },
  invitation(id) {
    try { return JSON.parse(localStorage.getItem(`${KEY}${id}.invite`)); } catch { return null; }
  },
  // When this browser last created, joined or opened the game (the server's
  // state carries no time): the order of the start page's list.
  touch(id) {
    localStorage.setItem(`${KEY}${id}.seen`, String(Date.now()));
  },
  // Every game this browser holds a seat in, most recent first.  An entry
  // that is not an id with a seat token (written by hand, a version gone)
  // is passed over.
  list() {
    const out = [];
    for (let i = 0; i < localStorage.length; i++) {
      const m = /^quartet\.seats\.([0-9a-f]{1,64})$/.exec(localStorage.key(i));
      if (!m) continue;
      const tokens = seats.get(m[1]);
      if (!tokens || typeof tokens !== 'object') continue;
      const held = [0, 1].filter((s) => typeof tokens[s] === 'string' && /^[0-9a-f]{32}$/.test(tokens[s]));
      if (!held.length) continue;
      const seen = Number(localStorage.getItem(`${KEY}${m[1]}.seen`));
      out.push({ id: m[1], tokens, held, seen: Number.isFinite(seen) ? seen : 0 });
    }
    return out.sort((a, b) => b.seen - a.seen || (a.id < b.id ? -1 : 1));
  },
  // Drops the game from this browser: its tokens, invitation and time.
  forget(id) {
    for (const k of ['', '.invite', '.seen']) localStorage.removeItem(KEY + id + k);
  },
};
