// The click-path logic of the page on its own (no browser): filtering the
// legal moves by the clicks made so far.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyClick, nextSteps, clickKey } from '../../src/web/page/clicks.js';

const LOA = [{ text: 'b1-b3', clicks: ['b1', 'b3'] }, { text: 'b1-d3', clicks: ['b1', 'd3'] },
  { text: 'c1-c3', clicks: ['c1', 'c3'] }, { text: 'pass', clicks: [{ choice: 'pass', label: 'Pass' }] }];
const LOT = [{ text: 'c1+c1-c2-c3', clicks: ['c1', 'c1', 'c2', 'c3'] },
  { text: 'c1+c2-c1-c3', clicks: ['c1', 'c2', 'c1', 'c3'] }, { text: 'd1', clicks: ['d1'] }];
const COFFEE = [{ text: 'd4h', clicks: ['d4', { choice: 'h', label: 'horizontal' }] },
  { text: 'd4v', clicks: ['d4', { choice: 'v', label: 'vertical' }] }, { text: 'e5', clicks: ['e5'] }];

test('first clicks: every first cell and choice', () => {
  const s = nextSteps(LOA, []);
  assert.deepEqual([...s.cells].sort(), ['b1', 'c1']);
  assert.deepEqual([...s.choices], [['pass', 'Pass']]);
  assert.equal(s.complete, null);
});

test('a piece, then its targets; a target completes the move', () => {
  let r = applyClick(LOA, [], 'b1');
  assert.deepEqual(r, { path: ['cell:b1'], move: null });
  assert.deepEqual([...nextSteps(LOA, r.path).cells].sort(), ['b3', 'd3']);
  assert.equal(applyClick(LOA, r.path, 'd3').move.text, 'b1-d3');
});

test('clicking the chosen piece again takes it back; another piece starts anew', () => {
  assert.deepEqual(applyClick(LOA, ['cell:b1'], 'b1'), { path: [], move: null });
  assert.deepEqual(applyClick(LOA, ['cell:b1'], 'c1'), { path: ['cell:c1'], move: null });
  assert.deepEqual(applyClick(LOA, ['cell:b1'], 'h8'), { path: [], move: null });
});

test('a choice alone is a move', () => {
  assert.equal(applyClick(LOA, [], { choice: 'pass', label: 'Pass' }).move.text, 'pass');
});

test('the same cell twice (LOT keeps the placed disc) and a forced rest', () => {
  const r = applyClick(LOT, [], 'c1');
  assert.deepEqual(r.path, ['cell:c1']);
  assert.deepEqual([...nextSteps(LOT, r.path).cells].sort(), ['c1', 'c2']);
  assert.equal(applyClick(LOT, r.path, 'c1').move.text, 'c1+c1-c2-c3');
  assert.equal(applyClick(LOT, [], 'd1').move.text, 'd1');
});

test('a cell, then a choice button (Coffee)', () => {
  const r = applyClick(COFFEE, [], 'd4');
  const s = nextSteps(COFFEE, r.path);
  assert.deepEqual([...s.choices], [['h', 'horizontal'], ['v', 'vertical']]);
  assert.equal(s.cells.size, 0);
  assert.equal(applyClick(COFFEE, r.path, { choice: 'v' }).move.text, 'd4v');
  assert.equal(applyClick(COFFEE, [], 'e5').move.text, 'e5');
  assert.equal(clickKey({ choice: 'v' }), 'choice:v');
});
