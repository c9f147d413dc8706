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
  },
  // The invitation link this browser made for the other seat.
  invite(id, seat, link) {
    if (link) localStorage.setItem(`${KEY}${id}.invite`, JSON.stringify({ seat, link }));
  },
  invitation(id) {
    try { return JSON.parse(localStorage.getItem(`${KEY}${id}.invite`)); } catch { return null; }
  },
};
