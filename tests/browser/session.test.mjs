// A game's life in the browser: undo against the computer, reload, a server
// restart mid-game, two people in two browser contexts through the
// invitation link (and a watcher), the keyboard, the clock, the analysis.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, PHONE, launch, open, shot, state, api, ready, cell, click, targets, status, waitPly, waitStatus,
  startGame, stopServer, startServer, idOf,
} from './lib.mjs';

let browser;
before(async () => { await ready(); browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

// Play the first legal move of two clicks that the server lists, by clicks.
async function playFirst(page, id, token) {
  const st = await state(id, token);
  const m = st.moves.find((mv) => mv.clicks.length === 2 && mv.clicks.every((c) => typeof c === 'string'));
  await click(page, m.clicks[0]);
  await click(page, m.clicks[1]);
  return m.text;
}

test('undo against the computer takes back its answer and my move', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'loa', {}, 'computer', { level: 1, side: 0 });
  assert.equal(await status(page), 'Your move (Black)');
  await click(page, 'b1');
  await click(page, 'b3');
  await waitPly(page, 2);
  await waitStatus(page, /^Your move/);
  assert.equal((await state(id)).turns[0].text, 'b1-b3');
  await page.getByRole('button', { name: 'Undo' }).click();
  await waitPly(page, 0);
  const st = await state(id);
  assert.equal(st.ply, 0);
  assert.equal(await status(page), 'Your move (Black)');
  assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled());
  assert.equal(await page.locator('svg.board [data-piece="0:piece"]').count(), 12);
  await page.closeChecked();
});

test('the computer thinking at a time per move: its win rate as a bar', async () => {
  const page = await open(browser);
  await page.goto(BASE + '/');
  await page.check('input[name=game][value="y"]');
  await page.fill('.options [name="size"]', '6');
  await page.selectOption('#strength', 'time');
  await page.fill('#seconds', '1.5');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForSelector('svg.board [data-cell]');
  const id = idOf(page);
  assert.match(await page.locator('.player[data-seat="1"] .name').textContent(), /Computer \(1\.5 s\/move\)/);
  await click(page, 'c2');
  await page.waitForSelector('.thinking.active .wrbar[aria-valuenow]', { timeout: 5000 });
  assert.equal(await status(page), 'White to move — the computer is thinking');
  await shot(page, 'thinking-desktop');
  await waitStatus(page, /^Your move/);
  // The last search stays shown: its best move is the move played, its
  // win rate the bar's split.
  const st = await state(id);
  const text = await page.locator('.wrtext').textContent();
  const m = text.match(/^Last search: (\S+) · White (\d+)% · (\d+) visits$/);
  assert.ok(m, text);
  assert.equal(m[1], st.turns[1].text);
  assert.equal(await page.locator('.wrbar').getAttribute('aria-valuenow'), m[2]);
  assert.ok(Number(m[3]) > 0);
  assert.equal(await page.locator('ol.moves button.mv').count(), 2);
  await page.closeChecked();
});

test('a computer that thinks on my time: chosen in the form, shown while I think', async () => {
  const page = await open(browser);
  await page.goto(BASE + '/');
  await page.check('input[name=game][value="y"]');
  await page.fill('.options [name="size"]', '6');
  assert.ok(await page.locator('#ponder').isHidden()); // a level cannot ponder
  await page.selectOption('#strength', 'time');
  await page.fill('#seconds', '0.3');
  await page.check('#ponder');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForSelector('svg.board [data-cell]');
  const id = idOf(page);
  assert.match(await page.locator('.player[data-seat="1"] .name').textContent(),
    /Computer \(0\.3 s\/move, thinks on your time\)/);
  assert.deepEqual((await state(id)).seats[1], { kind: 'computer', ms: 300, ponder: true });
  await click(page, 'c2');
  await waitStatus(page, /^Your move \(Black\) — the computer is thinking on your time$/);
  assert.equal((await state(id)).pondering, true);
  const st = await state(id);
  await click(page, st.moves[0].clicks[0]); // my move ends the ponder; its answer starts the next
  await waitPly(page, 4);
  await waitStatus(page, /^Your move \(Black\) — the computer is thinking on your time$/);
  await page.closeChecked();
});

test('reload mid-game, then a server restart mid-game: nothing lost, play goes on', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'loa', {}, 'local');
  await click(page, 'b1');
  await click(page, 'b3');
  await waitPly(page, 1);
  await page.reload();
  await waitPly(page, 1);
  assert.equal(await status(page), 'White to move');
  await playFirst(page, id);
  await waitPly(page, 2);

  await stopServer();
  await page.waitForSelector('.conn.down', { timeout: 10000 });
  await startServer();
  await page.waitForSelector('.conn:not(.down)', { timeout: 20000 });
  await waitPly(page, 2);
  assert.equal(await status(page), 'Black to move');
  const text = await playFirst(page, id);
  await waitPly(page, 3);
  const st = await state(id);
  assert.equal(st.ply, 3);
  assert.equal(st.turns[2].text, text);
  await page.closeChecked();
});

test('two people in two browsers through the invitation link; a watcher cannot move', async () => {
  const host = await open(browser);
  const id = await startGame(host, 'loa', {}, 'invite', { side: 0 });
  const link = await host.locator('#invite-link').inputValue();
  assert.match(link, new RegExp(`^${BASE}/#game=${id}&token=[0-9a-f]{32}$`));
  const guest = await open(browser);
  await guest.goto(link);
  await guest.waitForSelector('svg.board [data-cell]');
  assert.ok(!guest.url().includes('token'), 'the token leaves the address bar');
  assert.equal(await status(guest), 'Black to move — waiting for the opponent');
  // Each sees the board from their own side.
  // both cells measured in one step: the board may be drawn again between two calls
  const ys = (p) => p.evaluate(() => ['a1', 'a8'].map((c) =>
    document.querySelector(`svg.board [data-cell="${c}"]`).getBoundingClientRect().y));
  const [hostA1, hostA8] = await ys(host), [guestA1, guestA8] = await ys(guest);
  assert.ok(hostA1 > hostA8, 'black sees rank 1 at the bottom');
  assert.ok(guestA1 < guestA8, 'white sees rank 8 at the bottom');
  assert.equal(await guest.locator('.player .name').first().textContent(), 'Black · Opponent');
  assert.equal(await status(host), 'Your move (Black)');
  await click(guest, 'b1');
  assert.deepEqual(await targets(guest), []);

  await click(host, 'b1');
  await click(host, 'b3');
  await waitPly(guest, 1); // arrives live
  assert.equal(await status(guest), 'Your move (White)');
  // The host's own page takes the move from its answer or the stream, whichever
  // comes first: wait for it rather than read it at once.
  await waitStatus(host, /^White to move/);
  assert.equal(await status(host), 'White to move — waiting for the opponent');
  const text = await playFirst(guest, id);
  await waitPly(host, 2);
  assert.deepEqual(await host.locator('ol.moves button.mv').allTextContents(), ['b1-b3', text]);

  const watcher = await open(browser);
  await watcher.goto(`${BASE}/#game=${id}`);
  await waitPly(watcher, 2);
  await click(watcher, 'c1');
  assert.deepEqual(await targets(watcher), []);
  assert.ok(await watcher.locator('#move-input').isDisabled());
  assert.ok(await watcher.getByRole('button', { name: 'Resign' }).isDisabled());
  await shot(guest, 'invite-guest-desktop');

  // The host resigns (two clicks: the button asks to confirm); everyone sees it.
  await host.getByRole('button', { name: 'Resign' }).click();
  await host.getByRole('button', { name: 'Confirm resign' }).click();
  await waitStatus(guest, /wins/);
  const st = await state(id);
  assert.deepEqual(st.result.code, '0-1');
  assert.match(st.result.reason, /^Black resign/);
  assert.equal(await status(guest), `White wins (0-1) — ${st.result.reason}`);
  await waitStatus(watcher, /wins/);
  // A link with a wrong token only lets its holder watch.
  const stranger = await open(browser);
  await stranger.goto(`${BASE}/#game=${id}&token=${'0'.repeat(32)}`);
  await stranger.waitForSelector('#toast:not([hidden])');
  assert.equal(await stranger.locator('#toast').textContent(), 'This invitation link is not valid: you can watch the game');
  await waitStatus(stranger, /wins/);
  for (const p of [host, guest, watcher, stranger]) await p.closeChecked();
});

test('a move typed on the keyboard, and the clock', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'loa', {}, 'local', { clock: 1 });
  // the first seat's time runs from the start: on a loaded machine it may show 0:59
  assert.match(await page.locator('.player[data-seat="0"] .clock').textContent(), /^(1:00|0:5\d)$/);
  assert.equal(await page.locator('.player[data-seat="1"] .clock').textContent(), '1:00');
  assert.equal(await page.locator('.timecontrol').textContent(), '1+0');
  await page.fill('#move-input', 'b1-b3');
  await page.press('#move-input', 'Enter');
  await waitPly(page, 1);
  await page.fill('#move-input', 'zz9');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('#toast:not([hidden])');
  assert.match(await page.locator('#toast').textContent(), /^Move zz9: /);
  const st = await state(id);
  assert.equal(st.ply, 1);
  assert.ok(st.clocks.ms[0] <= 60000 && st.clocks.running === 1);
  await page.waitForFunction(() => /^0:5\d$/.test(document.querySelector('.player[data-seat="1"] .clock').textContent), null, { timeout: 5000 });
  assert.match(await page.locator('.player[data-seat="0"] .clock').textContent(), /^(1:00|0:5\d)$/);
  await page.closeChecked();
});

test('a level chosen with a clock plays that level: the computer answers at once', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'lot', {}, 'computer', { level: 4, side: 0, clock: 1 });
  await page.fill('#move-input', 'd4');
  await page.press('#move-input', 'Enter');
  await waitPly(page, 2);
  // level 4 searches its 170 nodes, not the clock's seconds (shown rounded up)
  assert.equal(await page.locator('.player[data-seat="1"] .clock').textContent(), '1:00');
  const st = await state(id);
  assert.ok(st.clocks.ms[1] >= 59000, `the computer spent ${60000 - st.clocks.ms[1]} ms`);
  await page.closeChecked();
});

test('a clock with an increment: chosen on the start page, shown as 5+3, over a reload', async () => {
  const page = await open(browser);
  await page.goto(BASE + '/');
  assert.ok(await page.locator('#increment').isHidden()); // no clock, no increment
  await page.fill('#clock', '5');
  assert.ok(await page.locator('#increment').isVisible());
  assert.equal(await page.locator('.field.increment small').textContent(),
    'added to the clock after each turn (0–180)');
  const id = await startGame(page, 'loa', {}, 'local', { clock: 5, increment: 3 });
  assert.equal(await page.locator('.timecontrol').textContent(), '5+3');
  await shot(page, 'clock-increment-desktop');
  const st = await state(id);
  assert.equal(st.clocks.base_ms, 300000);
  assert.equal(st.clocks.inc_ms, 3000);
  await page.reload();
  await page.waitForSelector('svg.board [data-cell]');
  await page.waitForFunction(() => document.querySelector('.timecontrol').textContent === '5+3');
  const plain = await open(browser);
  await startGame(plain, 'loa', {}, 'local');
  assert.equal(await plain.locator('.timecontrol').textContent(), '');
  assert.ok(await plain.locator('.timecontrol').isHidden());
  for (const p of [page, plain]) await p.closeChecked();
});

test('the analysis view: candidate moves on the board with win rates', async () => {
  for (const [vp, name] of [[undefined, 'desktop'], [PHONE, 'phone']]) {
    const page = await open(browser, vp);
    const id = await startGame(page, 'loa', {}, 'local');
    await page.getByLabel('Analysis').check();
    await page.waitForSelector('.analysis ol.cands li', { timeout: 10000 });
    await page.waitForSelector('svg.board .hint');
    const st = await state(id);
    const legal = new Set(st.moves.map((m) => m.text));
    const hints = await page.locator('svg.board .hint').evaluateAll((els) => els.map((e) => e.dataset.hint));
    assert.ok(hints.length >= 1 && hints.length <= 5);
    for (const h of hints) assert.ok(legal.has(h), `hint ${h} is a legal move`);
    assert.equal(await page.locator('svg.board .hint .shaft').count(), hints.length); // LOA moves are arrows
    const rows = await page.locator('.analysis ol.cands li').count();
    assert.equal(rows, hints.length);
    assert.match(await page.locator('.analysis ol.cands li .wr').first().textContent(), /^\d+%$/);
    // LOA's analyst is alpha-beta: nodes, and the depth it completed
    assert.match(await page.locator('.analysis p.anahead').textContent(),
      /^Analys(is|ing…) \d+ nodes, depth \d+, \d+\.\d s$/);
    for (const v of await page.locator('.analysis ol.cands li .visits').allTextContents())
      assert.match(v, /^\d+ nodes$/);
    await shot(page, `analysis-${name}`);
    await page.getByLabel('Analysis').uncheck();
    assert.equal(await page.locator('svg.board .hint').count(), 0);
    await page.closeChecked();
  }
});

// The moves drawn on the board as candidates, once some are.
async function hintsShown(page) {
  await page.waitForSelector('svg.board .hint');
  return page.locator('svg.board .hint').evaluateAll((els) => els.map((e) => e.dataset.hint));
}
const legalIn = async (sgf) => new Set((await api('POST', '/api/games', { sgf })).state.moves
  .map((m) => m.text));

test('the analysis follows the position a review shows; the game stays as it is', async () => {
  const sgf = '(;FF[4]QG[loa];B[b1-b3];W[a2-c2];B[d1-d3])';
  const g = await api('POST', '/api/games', { sgf, seats: [{ kind: 'human' }, { kind: 'human' }] });
  const page = await open(browser);
  await page.goto(BASE + g.links[0]);
  await waitPly(page, 3);
  const legal = [await legalIn('(;FF[4]QG[loa])'), await legalIn('(;FF[4]QG[loa];B[b1-b3])'),
    new Set(g.state.moves.map((m) => m.text))];
  await page.getByLabel('Analysis').check();
  for (const h of await hintsShown(page)) assert.ok(legal[2].has(h), `${h} at the last position`);
  await page.keyboard.press('Home');
  await waitStatus(page, /^Reviewing position after 0 moves /);
  // the last position's candidates went with it; the start's come
  for (const h of await hintsShown(page)) assert.ok(legal[0].has(h), `${h} at the start`);
  await page.waitForSelector('.analysis ol.cands li');
  const listed = await page.locator('.analysis ol.cands li').evaluateAll((els) =>
    els.map((e) => e.dataset.move));
  for (const m of listed) assert.ok(legal[0].has(m), `listed ${m} at the start`);
  await page.keyboard.press('ArrowRight');
  await waitStatus(page, /^Reviewing position after 1 move /);
  for (const h of await hintsShown(page)) assert.ok(legal[1].has(h), `${h} after one move`);
  const st = await state(g.id);
  assert.equal(st.ply, 3);
  assert.deepEqual(st.turns.map((t) => t.text), ['b1-b3', 'a2-c2', 'd1-d3']);
  await shot(page, 'analysis-review');
  await page.closeChecked();
});

test('stepping through a review analyses the position it stops at, not each one passed', async () => {
  const sgf = '(;FF[4]QG[loa];B[b1-b3];W[a2-c2];B[d1-d3];W[a7-c7];B[e1-e3];W[h7-f7])';
  const g = await api('POST', '/api/games', { sgf, seats: [{ kind: 'human' }, { kind: 'human' }] });
  const page = await open(browser);
  const asked = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/analysis')) asked.push(JSON.parse(r.postData()).ply);
  });
  await page.goto(BASE + g.links[0]);
  await waitPly(page, 6);
  await page.getByLabel('Analysis').check();
  await page.waitForSelector('.analysis ol.cands li');
  assert.deepEqual(asked, [6]);
  // five steps back, each shown before the next (a tenth of a second
  // apart, as a person clicks or holds a key)
  for (let shown = 5; shown >= 1; shown--) {
    await page.keyboard.press('ArrowLeft');
    await waitStatus(page, new RegExp(`^Reviewing position after ${shown} moves? `));
    await page.waitForTimeout(100);
  }
  await page.waitForSelector('.analysis ol.cands li');
  assert.deepEqual(asked, [6, 1]);
  const legal = new Set((await api('POST', '/api/games', { sgf: '(;FF[4]QG[loa];B[b1-b3])' })).state.moves
    .map((m) => m.text));
  for (const m of await page.locator('.analysis ol.cands li').evaluateAll((els) => els.map((e) => e.dataset.move)))
    assert.ok(legal.has(m), `listed ${m} after one move`);
  await page.closeChecked();
});

test('the analysis shows the proven value and every winning move', async () => {
  const page = await open(browser);
  await startGame(page, 'y', { size: '3', pie: '0' }, 'local');
  await page.getByLabel('Analysis').check();
  const proof = page.locator('.analysis p.proof[data-value="win"]');
  await proof.waitFor({ timeout: 10000 });
  assert.equal(await proof.textContent(), 'Proven win for Black: winning moves b1 b2 c2');
  // the search's candidates: Black's third stone wins, five moves from here
  const best = page.locator('.analysis ol.cands li').first().locator('.wr');
  await page.locator('.analysis ol.cands li .wr', { hasText: /^win in 5$/ }).first().waitFor({ timeout: 10000 });
  assert.equal(await best.textContent(), 'win in 5');
  // Y's analyst is a tree search: playouts, and visits per move
  assert.match(await page.locator('.analysis p.anahead').textContent(), /^Analys(is|ing…) \d+ playouts, /);
  assert.match(await page.locator('.analysis ol.cands li .visits').first().textContent(), /^\d+ visits$/);
  assert.equal(await best.getAttribute('title'), "the game ends 5 moves from here, both players' moves counted");
  // on the board, the best move's badge says the same
  assert.equal(await page.locator('svg.board .badge.rank1 text.wr').textContent(), 'win 5');
  await shot(page, 'analysis-proof');
  // after a winning move, the side to move has lost
  await click(page, 'b2');
  await waitPly(page, 1);
  const loss = page.locator('.analysis p.proof[data-value="loss"]');
  await loss.waitFor({ timeout: 10000 });
  assert.equal(await loss.textContent(), 'Proven loss for White: every move loses');
  await page.closeChecked();
});

test('the start page lists every game with its options, on a phone too', async () => {
  const cat = await api('GET', '/api/catalog');
  for (const vp of [undefined, PHONE]) {
    const page = await open(browser, vp);
    await page.goto(BASE + '/');
    await page.waitForSelector('form.start');
    assert.deepEqual(await page.locator('input[name=game]').evaluateAll((els) => els.map((e) => e.value)),
      cat.games.map((g) => g.name));
    for (const g of cat.games) {
      await page.check(`input[name=game][value="${g.name}"]`);
      for (const o of g.options) {
        const f = page.locator(`.options [name="${o.name}"]`);
        assert.equal(await f.inputValue(), String(o.default), `${g.name} ${o.name}`);
        if (!o.choices) {
          assert.equal(await f.getAttribute('min'), String(o.min));
          assert.equal(await f.getAttribute('max'), String(o.max));
        }
      }
    }
    await page.check('input[name=game][value="loa"]');
    await shot(page, `start-${vp ? 'phone' : 'desktop'}`);
    await page.closeChecked();
  }
  const page = await open(browser);
  await page.goto(`${BASE}/#game=0123456789abcdef`);
  await page.waitForSelector('h1:text("Game not found")');
  assert.equal(await page.locator('p.error').textContent(), 'no such game');
  await page.getByRole('link', { name: 'New game' }).click();
  await page.waitForSelector('form.start');
  await page.closeChecked();
});
