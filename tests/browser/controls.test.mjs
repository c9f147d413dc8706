// The page's controls as a player meets them: each test one thing a player
// does, and exactly what the page shows then.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, launch, open, state, api, ready, click, status, waitPly, waitStatus, startGame, idOf,
  openLinks,
} from './lib.mjs';

let browser;
before(async () => { await ready(); browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

const WHITE_WAITS = 'White to move — waiting for the opponent';
const moveTexts = (page) => page.locator('ol.moves button.mv').allTextContents();

// A game from an SGF record, both seats people, opened with the first seat's link.
async function openRecord(sgf, ply) {
  const g = await api('POST', '/api/games', { sgf, seats: [{ kind: 'human' }, { kind: 'human' }] });
  const page = await open(browser);
  await page.goto(BASE + g.links[0]);
  await waitPly(page, ply);
  return page;
}

test('two people on one screen: Undo takes back the last move, whoever made it', async () => {
  const page = await open(browser);
  const id = await startGame(page, 'loa', {}, 'local');
  await click(page, 'b1');
  await click(page, 'b3');
  await waitPly(page, 1);
  await page.getByRole('button', { name: 'Undo' }).click(); // White is to move: Black's move goes
  await waitPly(page, 0);
  assert.equal(await status(page), 'Black to move');
  assert.ok(await page.locator('#toast').isHidden());
  await click(page, 'b1');
  await click(page, 'b3');
  await waitPly(page, 1);
  await click(page, 'a2');
  await click(page, 'c2');
  await waitPly(page, 2);
  await page.getByRole('button', { name: 'Undo' }).click(); // White's move alone
  await waitPly(page, 1);
  assert.equal(await status(page), 'White to move');
  assert.deepEqual(await moveTexts(page), ['b1-b3']);
  assert.equal((await state(id)).ply, 1);
  await page.closeChecked();
});

test('a field the form hides does not stop Play, nor a value it holds', async () => {
  const page = await open(browser);
  await page.goto(BASE + '/');
  await page.check('input[name=game][value="coffee"]');
  await page.selectOption('#strength', 'time');
  await page.fill('#seconds', '100'); // over the 60 allowed, then hidden
  await page.selectOption('#strength', 'level');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForSelector('svg.board [data-cell]');
  assert.deepEqual((await state(idOf(page))).seats,
    [{ kind: 'human' }, { kind: 'computer', level: 3, text: '50 iterations a move' }]);

  await page.goto(BASE + '/');
  await page.selectOption('#strength', 'time');
  await page.fill('#seconds', '0');
  await page.check('input[name=opponent][value="local"]'); // no computer: its time is hidden
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForSelector('svg.board [data-cell]');
  assert.deepEqual((await state(idOf(page))).seats, [{ kind: 'human' }, { kind: 'human' }]);
  await page.closeChecked();
});

test('the arrow keys step through the game after a click on the Analysis switch', async () => {
  const page = await openRecord('(;FF[4]QG[loa];B[b1-b3];W[a2-c2];B[d1-d3])', 3);
  await page.getByLabel('Analysis').check();
  await page.keyboard.press('ArrowLeft');
  await waitStatus(page, /^Reviewing/);
  assert.equal(await status(page), `Reviewing position after 2 moves — ${WHITE_WAITS}`);
  await page.keyboard.press('Home');
  await waitStatus(page, /after 0 moves /);
  await page.keyboard.press('ArrowRight');
  await waitStatus(page, /after 1 move /);
  assert.equal(await status(page), `Reviewing position after 1 move — ${WHITE_WAITS}`);
  await page.keyboard.press('End');
  await page.waitForSelector('.game:not(.reviewing)');
  await page.closeChecked();
});

test('a review asked for is not undone by a state that arrives before it', async () => {
  const g = await api('POST', '/api/games', {
    sgf: '(;FF[4]QG[loa];B[b1-b3];W[a2-c2];B[d1-d3])',
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  const page = await open(browser);
  // the live stream's first state comes after the first key's answer is asked for
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/\/events$/, async (route) => { await held; await route.continue(); });
  await page.route(/\/api\/games\/[0-9a-f]+\?ply=/, async (route) => {
    release();
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto(BASE + g.links[0]);
  await waitPly(page, 3);
  await page.keyboard.press('Home');
  await waitStatus(page, /^Reviewing position after 0 moves /);
  await page.closeChecked();
});

test('keys pressed in quick succession step from where the last one led', async () => {
  const page = await openRecord('(;FF[4]QG[loa];B[b1-b3];W[a2-c2];B[d1-d3])', 3);
  // a slow network: each position asked for comes later than the one after it
  let asked = 0;
  await page.route(/\/api\/games\/[0-9a-f]+\?ply=/, async (route) => {
    await new Promise((r) => setTimeout(r, Math.max(0, 600 - 300 * asked++)));
    await route.continue();
  });
  for (const key of ['Home', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await waitStatus(page, /^Reviewing position after 2 moves /);
  await new Promise((r) => setTimeout(r, 500)); // no earlier answer arrives late to undo it
  assert.equal(await status(page), `Reviewing position after 2 moves — ${WHITE_WAITS}`);
  assert.equal(await page.locator('ol.moves button.mv.current').textContent(), 'a2-c2');
  await page.closeChecked();
});

test('the move list numbers its rows, one row for a turn of each player', async () => {
  const page = await openRecord(
    '(;FF[4]QG[y]QO[size=5 variant=progressive];B[a1];W[b1,c3];B[e1,c1,e4])', 6);
  assert.deepEqual(await page.locator('ol.moves li .num').allTextContents(), ['1.', '2.']);
  assert.deepEqual(await page.locator('ol.moves li').allTextContents(), ['1.a1b1c3', '2.e1c1e4']);
  await page.closeChecked();
});

test('a watcher is told who is to move, not that someone waits for an opponent', async () => {
  const g = await api('POST', '/api/games',
    { game: 'loa', seats: [{ kind: 'human' }, { kind: 'human' }] });
  const page = await open(browser);
  await page.goto(`${BASE}/#game=${g.id}`);
  await page.waitForSelector('svg.board [data-cell]');
  assert.equal(await status(page), 'Black to move');
  await api('POST', `/api/games/${g.id}/play`, { move: 'b1-b3' }, g.tokens[0]);
  await waitPly(page, 1);
  assert.equal(await status(page), 'White to move');
  await page.closeChecked();
});

test('a search whose move was taken back is not shown as the last search', async () => {
  const page = await open(browser);
  // level 4: LOA's first level without a beginner's slips, which are no search
  await startGame(page, 'loa', {}, 'computer', { level: 4, side: 0 });
  await click(page, 'b1');
  await click(page, 'b3');
  await waitPly(page, 2);
  await page.waitForFunction(
    () => /^Last search: /.test(document.querySelector('.wrtext').textContent));
  await page.getByRole('button', { name: 'Undo' }).click();
  await waitPly(page, 0);
  assert.ok(await page.locator('.thinking').isHidden());
  await page.closeChecked();
});

test('the invitation link is offered until the invited player has moved', async () => {
  const host = await open(browser);
  const id = await startGame(host, 'y', { size: 5 }, 'invite', { side: 1 });
  const link = await host.locator('#invite-link').inputValue();
  assert.equal(await host.locator('.invite label').textContent(),
    'Invite a friend to play Black: send this link');
  const guest = await open(browser);
  await guest.goto(link);
  await guest.waitForSelector('svg.board [data-cell]');
  assert.ok(await guest.locator('.invite').isHidden()); // the guest was not the one inviting
  await click(guest, 'c2');
  await waitPly(host, 1);
  assert.ok(await host.locator('.invite').isHidden());
  assert.equal((await state(id)).turns[0].text, 'c2');
  for (const p of [host, guest]) await p.closeChecked();
});

// Resign as the page asks: the button, then its confirmation.
async function resign(page) {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('button', { name: 'Confirm resign' }).click();
}

// Two people apart: the guest's browser through the host's invitation link.
async function invited(side) {
  const host = await open(browser);
  await startGame(host, 'loa', {}, 'invite', { side });
  const guest = await open(browser);
  await guest.goto(await host.locator('#invite-link').inputValue());
  await guest.waitForSelector('svg.board [data-cell]');
  return [host, guest];
}
const move = async (page, from, to) => { await click(page, from); await click(page, to); };
const offerText = (page) => page.locator('.takeback p').textContent();
const lastMarks = (page) => page.locator('svg.board [data-marks~="last"]').count();
const ANALYSIS_CLOSED = 'Analysis opens when the game is over';

test('two people apart: Undo asks the opponent, who declines, then accepts', async () => {
  const [host, guest] = await invited(0);
  for (const p of [host, guest]) {
    assert.ok(await p.getByLabel('Analysis').isHidden(), 'no Analysis switch while two people play');
    assert.equal(await p.locator('.anaclosed').textContent(), ANALYSIS_CLOSED);
    assert.ok(await p.getByRole('button', { name: 'Computer move' }).isHidden());
  }
  await move(host, 'b1', 'b3');
  await waitPly(guest, 1);
  await move(guest, 'a2', 'c2');
  await waitPly(host, 2);
  await host.getByRole('button', { name: 'Undo' }).click();
  await guest.waitForSelector('.takeback:not([hidden])');
  assert.equal(await offerText(guest), 'Black asks to take back their last move');
  await host.waitForSelector('.takeback:not([hidden])');
  assert.equal(await offerText(host), 'You asked to take back your last move: waiting for White');
  assert.deepEqual(await moveTexts(host), ['b1-b3', 'a2-c2'], 'an offer takes nothing back');
  await guest.getByRole('button', { name: 'Decline' }).click();
  await host.waitForSelector('.takeback', { state: 'hidden' });
  await guest.waitForSelector('.takeback', { state: 'hidden' });
  for (const p of [host, guest]) assert.deepEqual(await moveTexts(p), ['b1-b3', 'a2-c2']);

  await host.getByRole('button', { name: 'Undo' }).click();
  await guest.waitForSelector('.takeback:not([hidden])');
  assert.equal(await offerText(guest), 'Black asks to take back their last move');
  await guest.getByRole('button', { name: 'Accept' }).click();
  for (const p of [host, guest]) {
    await waitPly(p, 0); // the offerer's move and the reply after it
    assert.equal(await lastMarks(p), 0, 'the board shows the start');
    await p.waitForSelector('.takeback', { state: 'hidden' });
  }
  await waitStatus(host, /^Your move/);
  assert.equal(await status(host), 'Your move (Black)');
  for (const p of [host, guest]) await p.closeChecked();
});

test('a resignation is taken back by the seat that resigned, never by the winner', async () => {
  const [host, guest] = await invited(0);
  await move(host, 'b1', 'b3');
  await waitPly(guest, 1);
  await resign(guest); // before White's first move
  await waitStatus(host, /wins/);
  assert.equal(await status(host), 'Black wins (1-0) — White resigned');
  assert.ok(await host.getByRole('button', { name: 'Undo' }).isDisabled());
  await host.getByLabel('Analysis').waitFor(); // the game is over: the analysis opens
  assert.ok(await host.locator('.anaclosed').isHidden());
  await waitStatus(guest, /wins/);
  // between two people apart the winner consents
  await guest.getByRole('button', { name: 'Undo' }).click();
  await host.waitForSelector('.takeback:not([hidden])');
  assert.equal(await offerText(host), 'White asks to take back their resignation');
  await host.getByRole('button', { name: 'Accept' }).click();
  await waitStatus(guest, /^Your move/);
  assert.equal(await status(guest), 'Your move (White)');
  assert.deepEqual(await moveTexts(guest), ['b1-b3']);
  await waitStatus(host, /^White to move/);
  assert.equal(await status(host), WHITE_WAITS);
  assert.deepEqual(await moveTexts(host), ['b1-b3']);
  assert.ok(await host.getByLabel('Analysis').isHidden(), 'the game goes on: the analysis closes');
  assert.ok(await guest.locator('#toast').isHidden());
  for (const p of [host, guest]) await p.closeChecked();
});

test('two people on one screen: Undo after a resignation takes back the resignation alone', async () => {
  const page = await open(browser);
  await startGame(page, 'loa', {}, 'local');
  await click(page, 'b1');
  await click(page, 'b3');
  await waitPly(page, 1);
  await resign(page);
  await waitStatus(page, /wins/);
  assert.equal(await status(page), 'Black wins (1-0) — White resigned');
  await page.getByRole('button', { name: 'Undo' }).click();
  await waitStatus(page, /^White to move$/);
  assert.deepEqual(await moveTexts(page), ['b1-b3']);
  assert.ok(await page.locator('#toast').isHidden());
  await page.closeChecked();
});

test('a loss on time is final: Undo is not offered', async () => {
  const g = await api('POST', '/api/games', {
    sgf: '(;FF[4]QG[loa];B[b1-b3])', clock_ms: 1000,
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  const page = await open(browser);
  await openLinks(page, g.links);
  await waitStatus(page, /wins/);
  assert.equal(await status(page), 'Black wins (1-0) — White lost on time');
  assert.ok(await page.getByRole('button', { name: 'Undo' }).isDisabled());
  assert.deepEqual(await moveTexts(page), ['b1-b3']);
  await page.closeChecked();
});
