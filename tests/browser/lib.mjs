// lib.mjs - helpers for the browser tests: the server tests/cli_browser.sh
// started (and restarting it), Debian's chromium through playwright-core,
// the JSON API from Node, and screenshots under build/browser/.

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';

export const BASE = process.env.QUARTET_URL || 'http://127.0.0.1:8080';
const ART = process.env.QUARTET_ARTEFACTS || 'build/browser';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A new context (its own storage: a separate person) and page.  Errors the
// page throws or logs fail the test at close().
export async function open(browser, viewport = DESKTOP, opts = {}) {
  const context = await browser.newContext({ viewport, hasTouch: !!opts.touch, isMobile: !!opts.touch });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource|EventSource/.test(m.text())) errors.push(`console: ${m.text()}`); });
  page.errors = errors;
  page.closeChecked = async () => {
    await context.close();
    assert.deepEqual(errors, [], 'the page logged errors');
  };
  return page;
}

export async function shot(page, name) {
  fs.mkdirSync(ART, { recursive: true });
  await page.screenshot({ path: path.join(ART, `${name}.png`), fullPage: true });
}
// The same page at desktop and phone sizes: NAME-desktop.png, NAME-phone.png.
export async function shots(page, name) {
  const size = page.viewportSize();
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(size);
}

// ---- the JSON API, from Node ----
export async function api(method, p, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers['X-Quartet-Token'] = token;
  const res = await fetch(BASE + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${data && data.error}`);
  return data;
}
export const state = (id, token) => api('GET', `/api/games/${id}`, undefined, token);

// A game from an SGF record (QP[] sets the start position), both seats people.
export async function importGame(game, opts, position, moves = []) {
  const qo = opts ? `QO[${opts}]` : '';
  const sgf = `(;FF[4]QG[${game}]${qo}QP[${position}]${moves.map((m, i) => `;${i % 2 ? 'W' : 'B'}[${m}]`).join('')})`;
  return api('POST', '/api/games', { sgf, seats: [{ kind: 'human' }, { kind: 'human' }] });
}

// Open a game holding the tokens of the given links (both: two people on
// this screen).
export async function openLinks(page, links) {
  for (const l of links) {
    await page.goto('about:blank'); // a whole load each time, not a change of fragment
    await page.goto(BASE + l);
    await page.waitForSelector('svg.board [data-cell]');
  }
}

export async function ready() {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(BASE + '/api/catalog')).ok) return; } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error(`no server at ${BASE}`);
}

// Stop the server (SIGTERM, as a person would) and start it again on the
// same port and database; the pid file tells tests/cli_browser.sh which to
// stop at the end.
export async function stopServer() {
  const pidfile = process.env.QUARTET_PIDFILE;
  const pid = Number(fs.readFileSync(pidfile, 'utf8'));
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100; i++) {
    try { process.kill(pid, 0); } catch { return; }
    await sleep(100);
  }
  throw new Error('the server did not stop on SIGTERM');
}
export async function startServer() {
  const args = JSON.parse(process.env.QUARTET_SERVE_ARGS);
  const log = fs.openSync(process.env.QUARTET_LOG, 'a');
  const child = spawn(process.env.QUARTET_BIN, args, { detached: true, stdio: ['ignore', log, log] });
  fs.writeFileSync(process.env.QUARTET_PIDFILE, String(child.pid));
  child.unref();
  await ready();
}

// ---- the page ----
export const cell = (page, name) => page.locator(`svg.board [data-cell="${name}"]`);
export async function click(page, name) {
  await cell(page, name).click();
}
export async function choose(page, label) {
  await page.getByRole('button', { name: label, exact: true }).click();
}
export async function targets(page) {
  return (await page.locator('svg.board .cell.target').evaluateAll((els) => els.map((e) => e.dataset.cell))).sort();
}
export async function pieces(page) {
  return page.locator('svg.board [data-piece]').count();
}
export async function status(page) {
  return (await page.locator('.status').textContent()).trim();
}
// Wait until the page shows `ply` moves in its move list.
export async function waitPly(page, ply) {
  await page.waitForFunction((n) => document.querySelectorAll('ol.moves button.mv').length === n, ply, { timeout: 20000 });
}
export async function waitStatus(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('.status')?.textContent || ''), re.source, { timeout: 30000 });
}
export const idOf = (page) => new URLSearchParams(new URL(page.url()).hash.slice(1)).get('game');

// The start page: pick a game, set options (name -> value), the opponent.
export async function startGame(page, game, options = {}, opponent = 'computer', extra = {}) {
  await page.goto(BASE + '/');
  await page.check(`input[name=game][value="${game}"]`);
  for (const [k, v] of Object.entries(options)) {
    const sel = page.locator(`[name="${k}"]`);
    if ((await sel.evaluate((e) => e.tagName)) === 'SELECT') await sel.selectOption(String(v));
    else await sel.fill(String(v));
  }
  await page.check(`input[name=opponent][value="${opponent}"]`);
  if (extra.strength) await page.selectOption('#strength', extra.strength);
  if (extra.level) await page.locator('#level').fill(String(extra.level));
  if (extra.side != null) await page.selectOption('#side', String(extra.side));
  if (extra.clock) await page.fill('#clock', String(extra.clock));
  if (extra.increment) await page.fill('#increment', String(extra.increment));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForSelector('svg.board [data-cell]');
  return idOf(page);
}
