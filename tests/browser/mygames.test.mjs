// "Your games" on the start page: the games this browser holds a seat in,
// read back from the server, opened from the list and removed from it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, PHONE, launch, open, shots, state, api, click, status, waitPly, waitStatus, startGame, idOf,
} from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

// The list's rows as text, field by field, once `n` rows are shown.
async function rows(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('li.mygame').length === k, n);
  return page.locator('li.mygame').evaluateAll((lis) => lis.map((li) => ({
    id: li.dataset.game,
    cells: ['game', 'opp', 'colour', 'status', 'moves'].map((f) => li.querySelector(`.g-${f}`).textContent),
  })));
}

async function resign(page) {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Confirm resign' }).click();
}

async function home(page) {
  await page.goto(BASE + '/');
  await page.waitForSelector('form.start');
}

test('the start page lists this browser\'s games, opens them and forgets one', async () => {
  const page = await open(browser);
  // A finished game: Y on 5 cells a side without the pie rule, resigned after a move.
  const y = await startGame(page, 'y', { size: 5, pie: '0' }, 'computer', { level: 2, side: 0 });
  const first = (await state(y)).moves.find((m) => m.clicks.length === 1 && typeof m.clicks[0] === 'string');
  await click(page, first.clicks[0]);
  await waitPly(page, 2);
  await waitStatus(page, /^Your move/);
  await resign(page);
  await waitStatus(page, /resigned/);
  // A game going on: Lines of Action, one move each.
  const loa = await startGame(page, 'loa', {}, 'computer', { level: 1, side: 0 });
  await click(page, 'b1');
  await click(page, 'b3');
  await waitPly(page, 2);
  await waitStatus(page, /^Your move/);
  // A game the server never had, and entries no game could come from.
  await page.evaluate(() => {
    localStorage.setItem('quartet.seats.00000000deadbeef', JSON.stringify({ 0: '0'.repeat(32) }));
    localStorage.setItem('quartet.seats.0123abcd', '{not json');
    localStorage.setItem('quartet.seats.4567cdef', JSON.stringify({ 0: 'not a token' }));
    localStorage.setItem('quartet.seats.89abcdef.seen', 'soon');
  });

  await home(page);
  assert.deepEqual(await rows(page, 2), [
    { id: loa, cells: ['Lines of Action', 'Computer, level 1', 'Black', 'Your move', '2 moves'] },
    { id: y, cells: ['Y (size 5, pie 0)', 'Computer, level 2', 'Black', 'Lost: Black resigned', '2 moves'] },
  ]);
  assert.equal(await page.locator('.mygamesbox h2').textContent(), 'Your games');
  assert.equal(await page.evaluate(() => localStorage.getItem('quartet.seats.00000000deadbeef')), null,
    'a game the server does not know is forgotten');
  assert.equal(await page.locator('.mygamesbox').evaluate((b) => b.childNodes.length), 2, 'the heading and the list alone');
  await shots(page, 'mygames');
  await page.setViewportSize(PHONE);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true,
    'no sideways scrolling on a phone');

  // Each row opens its game: the one going on to play, the other to review.
  await page.locator(`li.mygame[data-game="${loa}"] a.open`).click();
  await page.waitForSelector('svg.board [data-cell]');
  assert.equal(idOf(page), loa);
  assert.equal(await status(page), 'Your move (Black)');
  await home(page);
  await rows(page, 2);
  // By the keyboard too.
  await page.locator(`li.mygame[data-game="${y}"] a.open`).focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('svg.board [data-cell]');
  assert.equal(idOf(page), y);
  await waitStatus(page, /White wins \(0-1\) — Black resigned/);

  // Opening put Y first; removing it leaves Lines of Action, after a reload too.
  await home(page);
  assert.deepEqual((await rows(page, 2)).map((r) => r.id), [y, loa]);
  await page.getByRole('button', { name: 'Remove Y (size 5, pie 0), Black, from your games' }).click();
  assert.deepEqual((await rows(page, 1)).map((r) => r.id), [loa]);
  assert.equal(await page.evaluate(() => document.activeElement.closest('li')?.dataset.game), loa,
    'the keyboard focus stays in the list');
  await page.reload();
  await page.waitForSelector('form.start');
  assert.deepEqual((await rows(page, 1)).map((r) => r.id), [loa]);
  assert.equal((await state(y)).result.code, '0-1', 'the game stays on the server');
  await page.closeChecked();
});

test('an option whose default the others decide shows only when set', async () => {
  const page = await open(browser);
  const people = [{ kind: 'human' }, { kind: 'human' }];
  const hex = await api('POST', '/api/games', { game: 'coffee', seats: people });
  const square = await api('POST', '/api/games', { game: 'coffee', options: { board: 'square' }, seats: people });
  const six = await api('POST', '/api/games', { game: 'coffee', options: { size: 6 }, seats: people });
  await page.goto(BASE + '/');
  await page.evaluate((games) => games.forEach((g, i) => {
    localStorage.setItem(`quartet.seats.${g.id}`, JSON.stringify({ 0: g.tokens[0], 1: g.tokens[1] }));
    localStorage.setItem(`quartet.seats.${g.id}.seen`, String(1e12 + i));
  }), [hex, square, six]);
  await home(page);
  // The hex board's size and n come to 4 by default; the square board's
  // size to 5 (its n is 4 again).
  assert.deepEqual((await rows(page, 3)).map((r) => [r.id, r.cells[0]]), [
    [six.id, 'Coffee (size 6)'], [square.id, 'Coffee (board square, size 5)'], [hex.id, 'Coffee'],
  ]);
  await page.closeChecked();
});

test('at most 50 games are read; older ones are counted', async () => {
  const page = await open(browser, PHONE);
  const ids = [];
  const people = [{ kind: 'human' }, { kind: 'human' }];
  for (let i = 0; i < 52; i++) ids.push(await api('POST', '/api/games', { game: 'loa', seats: people }));
  await page.goto(BASE + '/');
  // The oldest two entries are the first imported.
  await page.evaluate((games) => games.forEach((g, i) => {
    localStorage.setItem(`quartet.seats.${g.id}`, JSON.stringify({ 0: g.tokens[0], 1: g.tokens[1] }));
    localStorage.setItem(`quartet.seats.${g.id}.seen`, String(1e12 + i));
  }), ids);
  await home(page);
  const shown = await rows(page, 50);
  assert.deepEqual(shown.map((r) => r.id), ids.slice(2).reverse().map((g) => g.id));
  assert.deepEqual(shown[0].cells, ['Lines of Action', 'A person on this screen', 'Both', 'Black to move', '0 moves']);
  assert.equal(await page.locator('.mygamesbox .older').textContent(), '2 older games not shown');
  // The time shown is the game's last change on the server, not this
  // browser's last visit (2001 here).
  const newest = await state(shown[0].id);
  assert.equal(await page.locator('li.mygame time.g-when').first().getAttribute('datetime'),
    new Date(newest.updated * 1000).toISOString());
  await page.closeChecked();
});
