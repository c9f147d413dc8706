// Whole games of the four games played by clicks in a real browser: LOA from
// an uploaded SGF record, Y against the computer from the start, Y's double
// and progressive variants with the stones each turn holds, LOT with a tower
// and the swap offer, Coffee on both boards and after a loss on time; and
// the start page's word on each level.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  BASE, PHONE, launch, open, shot, shots, state, api, importGame, openLinks, ready, cell, click,
  targets, status, waitPly, waitStatus, idOf, startGame,
} from './lib.mjs';

let browser;
before(async () => { await ready(); browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

// The cells the server says may follow `path` (exact expectation for the page's highlights).
function expectedTargets(st, path) {
  const out = new Set();
  for (const m of st.moves) {
    if (m.clicks.length > path.length && path.every((c, i) => m.clicks[i] === c) && typeof m.clicks[path.length] === 'string') {
      out.add(m.clicks[path.length]);
    }
  }
  return [...out].sort();
}
const marked = (page, mark) => page.locator(`svg.board [data-cell]`).evaluateAll(
  (els, m) => els.filter((e) => e.dataset.marks.split(' ').includes(m)).map((e) => e.dataset.cell).sort(), mark);

test('LOA: a position from an uploaded SGF record, played by clicks to the end', async () => {
  const page = await open(browser);
  await page.goto(BASE + '/');
  await page.setInputFiles('#sgf-file', {
    name: 'end.sgf', mimeType: 'application/x-go-sgf',
    buffer: Buffer.from('(;FF[4]GM[9]SZ[8]QG[loa]QP[7w/8/5b2/8/3bb3/8/8/w7 w])'),
  });
  await page.getByRole('button', { name: 'Open' }).click();
  await page.waitForSelector('svg.board [data-cell]');
  const id = idOf(page);
  assert.equal(await page.locator('svg.board[data-kind=square] [data-cell]').count(), 64);
  const labels = await page.locator('svg.board .labels text').allTextContents();
  for (const l of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '1', '2', '3', '4', '5', '6', '7', '8']) assert.ok(labels.includes(l), `label ${l}`);
  assert.equal(await page.locator('svg.board [data-piece="0:piece"]').count(), 3);
  assert.equal(await page.locator('svg.board [data-piece="1:piece"]').count(), 2);
  assert.equal(await status(page), 'White to move');

  await click(page, 'h8');
  assert.deepEqual(await targets(page), expectedTargets(await state(id), ['h8']));
  assert.ok((await targets(page)).includes('h7'));
  await click(page, 'h7');
  await waitPly(page, 1);
  assert.equal(await status(page), 'Black to move');
  assert.deepEqual(await marked(page, 'last'), ['h7', 'h8']);

  await click(page, 'f6');
  assert.deepEqual(await targets(page), expectedTargets(await state(id), ['f6']));
  await click(page, 'f5');
  await waitStatus(page, /wins/);
  assert.equal(await status(page), 'Black wins (1-0) — Black connects all pieces');
  assert.deepEqual(await targets(page), []);
  assert.ok(await page.locator('#move-input').isDisabled());
  assert.deepEqual(await page.locator('ol.moves button.mv').allTextContents(), ['h8-h7', 'f6-f5']);
  await shots(page, 'loa-end');

  // The record, as the download link gives it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download SGF' }).click()]);
  const sgf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(sgf, /QG\[loa\]/);
  assert.match(sgf, /;W\[h8-h7\]\s*;B\[f6-f5\]/);

  // Review: the position after the first move, then back.
  await page.locator('ol.moves button.mv').first().click();
  await page.waitForSelector('.game.reviewing');
  assert.match(await status(page), /^Reviewing position after 1 move — /);
  assert.equal(await cell(page, 'f6').getAttribute('data-marks'), '');
  assert.equal(await page.locator('svg.board [data-cell="f6"]').count(), 1);
  assert.equal(await page.locator('svg.board [data-piece]').count(), 5);
  await page.keyboard.press('End');
  await page.waitForSelector('.game:not(.reviewing)');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.game.reviewing');
  await page.getByRole('button', { name: 'Back to the game' }).click();
  await page.waitForSelector('.game:not(.reviewing)');
  await page.closeChecked();
});

test('Y: a whole game on the size 4 board against the computer at level 1', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'y', { size: 4 }, 'computer', { level: 1, side: 0 });
  assert.equal(await page.locator('svg.board[data-kind=triangle] [data-cell] polygon.bg').count(), 10);
  assert.match(await page.locator('.player[data-seat="1"] .name').textContent(), /Computer level 1/);
  assert.equal(await page.locator('.player[data-seat="1"] .level-text').textContent(),
    '10 iterations a move, 75 % of the moves at random'); // what level 1 plays in Y
  assert.equal(await page.locator('.player[data-seat="0"] .level-text').count(), 0);
  for (let turn = 0; turn < 12; turn++) {
    await waitStatus(page, /Your move|wins|Draw/);
    if (/wins|Draw/.test(await status(page))) break;
    const t = await targets(page);
    assert.ok(t.length > 0, 'a free cell to play');
    const before = (await state(id)).ply;
    await click(page, t[0]);
    await page.waitForFunction((n) => document.querySelectorAll('ol.moves button.mv').length > n, before);
  }
  const st = await state(id);
  assert.notEqual(st.result.code, 'none', 'the game ended');
  const w = st.colours[st.result.code === '1-0' ? 0 : 1];
  const winner = w[0].toUpperCase() + w.slice(1);
  assert.equal(await status(page), `${winner} wins (${st.result.code}) — ${st.result.reason}`);
  assert.equal(await page.locator('ol.moves button.mv').count(), st.turns.length);
  await shots(page, 'y-vs-computer');
  await page.closeChecked();
});

test('Y against a beginner: chosen in the form, named, and it answers', async () => {
  const page = await open(browser);
  await page.goto(BASE + '/');
  await page.selectOption('#strength', 'beginner');
  assert.ok(await page.locator('#level').isHidden()); // a beginner has no level
  assert.ok(await page.locator('#seconds').isHidden());
  const id = await startGame(page, 'y', { size: 4 }, 'computer', { strength: 'beginner', side: 0 });
  assert.match(await page.locator('.player[data-seat="1"] .name').textContent(), /^White · Computer \(beginner\)$/);
  assert.deepEqual((await state(id)).seats, [{ kind: 'human' }, { kind: 'computer', beginner: true }]);
  await click(page, 'b2');
  await waitPly(page, 2);
  await waitStatus(page, /^Your move/);
  assert.equal(await page.locator('ol.moves button.mv').count(), 2);
  await page.closeChecked();
});

test('The level slider says what each level plays, for the game and its options', async () => {
  const page = await open(browser);
  await page.goto(BASE + '/');
  const says = (text) => page.waitForFunction((t) => document.querySelector('#level-text')?.textContent === t, text);
  await says('100 nodes a move, 25 % of the moves at random'); // LOA, the first game, at level 3
  await page.locator('#level').fill('10');
  await says('2000000 nodes a move');
  await page.check('input[name=game][value="coffee"]'); // a new form: level 3 again
  await says('50 iterations a move');
  await page.locator('#level').fill('1');
  await says('50 iterations a move, 70 % of the moves at random');
  await page.check('input[name=game][value="y"]');
  await page.locator('#level').fill('1');
  await says('10 iterations a move, 75 % of the moves at random');
  await page.selectOption('[name="variant"]', 'double'); // the variant's own ladder
  await says('120 iterations a move, 90 % of the moves at random');
  await page.locator('#level').fill('8');
  await says('7000 iterations a move');
  await shots(page, 'levels');
  await page.closeChecked();
});

test('Y double variant: two people on one screen, two stones a turn', async () => {
  const page = await open(browser);
  await startGame(page, 'y', { size: 4, variant: 'double' }, 'local');
  assert.equal(await status(page), 'Black to move');
  const seq = ['a1', 'b1', 'd1', 'b2', 'd4', 'c1', 'd3', 'c3'];
  const [w, b] = ['White to move: 2 stones', 'Black to move: 2 stones'];
  const said = [w, `${w} (1 placed)`, b, `${b} (1 placed)`, w, `${w} (1 placed)`, b];
  for (let i = 0; i < seq.length; i++) {
    await click(page, seq[i]);
    await waitPly(page, i + 1);
    if (i < said.length) assert.equal(await status(page), said[i], `after ${seq[i]}`);
  }
  await waitStatus(page, /wins/);
  assert.equal(await status(page), 'Black wins (1-0) — Black makes a Y: one group touching all three sides');
  const rows = await page.locator('ol.moves li').allTextContents();
  assert.deepEqual(rows, ['1.a1b1d1', '2.b2d4c1d3', '3.c3']);
  assert.equal(await page.locator('svg.board [data-piece="0:stone"]').count(), 4);
  assert.equal(await page.locator('svg.board [data-piece="1:stone"]').count(), 4);
  await shots(page, 'y-double');
  await page.closeChecked();
});

test('Y progressive: each player is told the stones the turn holds and those placed', async () => {
  const g = await api('POST', '/api/games', {
    sgf: '(;FF[4]QG[y]QO[size=5 variant=progressive];B[a1];W[b1,c3])',
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  const me = await open(browser), other = await open(browser);
  await openLinks(me, [g.links[0]]);
  await openLinks(other, [g.links[1]]);
  assert.equal(await status(me), 'Your move (Black): 3 stones');
  assert.equal(await status(other), 'Black to move: 3 stones — waiting for the opponent');
  await click(me, 'e1');
  await waitPly(other, 4);
  assert.equal(await status(other),
    'Black to move: 3 stones (1 placed) — waiting for the opponent');
  await waitStatus(me, /placed/);
  assert.equal(await status(me), 'Your move (Black): 3 stones (1 placed)');
  await me.keyboard.press('Home');
  await waitStatus(me, /^Reviewing/);
  assert.equal(await status(me),
    'Reviewing position after 0 moves — Your move (Black): 3 stones (1 placed)');
  for (const p of [me, other]) await p.closeChecked();
});

test('LOT: towers stand taller than discs; a tower made by clicks wins', async () => {
  const g = await importGame('lot', '', '7/7/7/7/2w4/2w4/WW5 b');
  const page = await open(browser);
  await openLinks(page, g.links);
  assert.equal(await page.locator('svg.board [data-piece="0:tower"]').count(), 2);
  assert.equal(await page.locator('svg.board [data-piece="0:disc"]').count(), 2);
  // both measured in one step: the board may be drawn again between two calls
  const [tower, disc] = await page.evaluate(() =>
    ['0:tower', '0:disc'].map((k) =>
      document.querySelector(`svg.board [data-piece="${k}"]`).getBoundingClientRect().height));
  assert.ok(tower > disc * 1.25, `tower ${tower} vs disc ${disc}`);
  assert.equal(await status(page), 'Black to move');
  await click(page, 'g7');
  await waitPly(page, 1);
  await click(page, 'c1');
  assert.deepEqual(await targets(page), ['c1', 'c2', 'c3']);
  await click(page, 'c1'); // keep the placed disc: the discs to remove are forced
  await waitStatus(page, /wins/);
  assert.equal(await status(page), 'White wins (1-0) — White has three towers in a line');
  assert.equal(await page.locator('svg.board [data-piece="0:tower"]').count(), 3);
  assert.equal(await page.locator('svg.board [data-piece="0:disc"]').count(), 0);
  assert.deepEqual(await page.locator('ol.moves button.mv').allTextContents(), ['g7', 'c1+c1-c2-c3']);
  await shots(page, 'lot-end');
  await page.closeChecked();
});

test('LOT: the swap offer after the first disc', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'lot', {}, 'local');
  assert.equal(await status(page), 'White to move');
  assert.equal(await page.locator('button.choice').count(), 0);
  await click(page, 'd4');
  await waitPly(page, 1);
  await page.getByRole('button', { name: 'Swap sides' }).click();
  await waitPly(page, 2);
  assert.deepEqual(await page.locator('ol.moves button.mv').allTextContents(), ['d4', 'swap']);
  const st = await state(id);
  assert.equal(await status(page), `${st.colours[st.to_move][0].toUpperCase()}${st.colours[st.to_move].slice(1)} to move`);
  assert.equal(await page.locator('button.choice').count(), 0);
  await page.closeChecked();
});

// Coffee moves by clicks: the cell, then the axis button (none for a win).
async function coffeeMoves(page, steps, ply, tap) {
  for (const [c, axis] of steps) {
    if (tap) await cell(page, c).tap(); else await click(page, c);
    if (axis) {
      const b = page.locator(`button.choice[data-choice="${axis}"]`);
      if (tap) await b.tap(); else await b.click();
    }
    await waitPly(page, ++ply);
  }
  await waitStatus(page, /wins/);
  assert.equal(await status(page), 'Black wins (1-0) — Black makes a line of 3');
}

test('Coffee on the square board: the bar, its line, axis buttons, a win', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'coffee', { board: 'square', size: 4, n: 3 }, 'local');
  assert.equal(await page.locator('svg.board[data-kind=square] [data-cell]').count(), 16);
  await click(page, 'b2');
  const labels = await page.locator('button.choice').allTextContents();
  assert.equal(labels.length, 4, `axis buttons ${labels}`);
  await page.click('button.choice[data-choice="v"]');
  await waitPly(page, 1);
  assert.deepEqual(await marked(page, 'bar'), ['b2']);
  assert.deepEqual(await marked(page, 'allowed'), ['b1', 'b3', 'b4']);
  assert.deepEqual(await targets(page), ['b1', 'b3', 'b4']);
  assert.equal(await page.locator('svg.board line.guide.line-bar').count(), (await state(id)).board.lines.length);
  assert.equal(await page.locator('svg.board line.bar').count(), 1);
  await shot(page, 'coffee-square-bar-desktop');
  await coffeeMoves(page, [['b3', 'a'], ['c2', 'v'], ['c3', 'a'], ['d2', null]], 1, false);
  await shots(page, 'coffee-square-end');
  await page.closeChecked();
});

test('Coffee lost on time: no cell is shown as playable', async () => {
  const g = await api('POST', '/api/games', {
    sgf: '(;FF[4]QG[coffee]QO[board=square size=4 n=3];B[b2v])', clock_ms: 1000,
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  const allowed = g.state.board.cells.filter((c) => c.marks.includes('allowed'));
  assert.deepEqual(allowed.map((c) => c.name), ['b1', 'b3', 'b4']); // while the game went on
  const page = await open(browser);
  await openLinks(page, g.links);
  await waitStatus(page, /wins/);
  assert.equal(await status(page), 'Black wins (1-0) — Orange lost on time');
  assert.deepEqual(await marked(page, 'allowed'), []);
  assert.equal(await page.locator('svg.board .ov-allowed').count(), 0);
  assert.deepEqual(await targets(page), []);
  assert.deepEqual(await marked(page, 'bar'), ['b2']);
  await shot(page, 'coffee-lost-on-time');
  await page.closeChecked();
});

test('Coffee on the hex board, on a phone with touch', async () => {
  const page = await open(browser, PHONE, { touch: true });
  await startGame(page, 'coffee', { board: 'hex', size: 3, n: 3 }, 'local');
  assert.equal(await page.locator('svg.board[data-kind=hex] [data-cell] polygon.bg').count(), 19);
  await coffeeMoves(page, [['b3', 'h'], ['a3', 'h'], ['c3', 'h'], ['e3', 'h'], ['d3', null]], 0, true);
  await shot(page, 'coffee-hex-end-phone');
  await page.closeChecked();
});
