// board.js - draws any game's board as SVG from the generic description the
// server sends (cells with positions and shapes, pieces, marks, labels and
// lines).  Geometry is taken from the cell positions alone, so a new game's
// board needs no change here.

const NS = 'http://www.w3.org/2000/svg';

// Fill colours for the colour names games use; anything else gets a stable
// hue derived from its name.
const PALETTE = {
  black: ['#2b2a28', '#58554f', '#111'], white: ['#f7f5ef', '#ffffff', '#8f8a80'],
  orange: ['#e07a26', '#f6a55d', '#8c4310'], red: ['#c8372d', '#e8766d', '#6e1a14'],
  blue: ['#2f6fc0', '#6fa0e0', '#173a66'], green: ['#2f8f4a', '#6cc485', '#174a26'],
};
export function colourOf(name) {
  if (PALETTE[name]) return PALETTE[name];
  let h = 0;
  for (const ch of String(name)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return [`hsl(${h} 60% 45%)`, `hsl(${h} 65% 65%)`, `hsl(${h} 60% 25%)`];
}

function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v != null) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k + 30); // pointy-top
    pts.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(' ');
}

// Cells with their centres (a square is given by its top-left corner, a
// hexagon by its centre and circumradius), and the distance between
// neighbouring centres that scales pieces, labels and arrows.
// Flipped, every position turns half a circle about the drawing's centre
// (the second player's view); pieces and text stay upright.
function geometry(board, flip) {
  const W = board.width || 0, H = board.height || 0;
  const turn = (x, y) => (flip ? [W - x, H - y] : [x, y]);
  const cells = (board.cells || []).map((c) => {
    const size = c.size || 1;
    const [x, y] = c.shape === 'hex' ? turn(c.x, c.y) : turn(c.x + size / 2, c.y + size / 2);
    return { ...c, x, y, size, d: c.shape === 'hex' ? size * Math.sqrt(3) : size };
  });
  const labels = (board.labels || []).map((l) => {
    const [x, y] = turn(l.x, l.y);
    return { ...l, x, y };
  });
  const byName = new Map(cells.map((c) => [c.name, c]));
  const d = cells.length ? Math.min(...cells.map((c) => c.d)) : 1;
  return { cells, labels, byName, sp: { d } };
}

// The drawing's extent: its cells and labels with a small margin (the
// description's width and height when it has no cells).
function viewBox(board, geo) {
  if (!geo.cells.length) return [0, 0, board.width || 1, board.height || 1];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const grow = (x, y, m) => {
    x0 = Math.min(x0, x - m); y0 = Math.min(y0, y - m); x1 = Math.max(x1, x + m); y1 = Math.max(y1, y + m);
  };
  for (const c of geo.cells) grow(c.x, c.y, c.shape === 'hex' ? c.size : c.size / 2);
  for (const l of geo.labels) grow(l.x, l.y, geo.sp.d * 0.25);
  const m = geo.sp.d * 0.08;
  return [x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m];
}

// Light and dark squares: taken from marks when the game gives them, else a
// checker pattern from the positions.
function cellTone(c) {
  const m = c.marks || [];
  if (m.includes('dark')) return 'dark';
  if (m.includes('light')) return 'light';
  if (c.shape !== 'square') return 'hex';
  return (Math.floor(c.x / c.size) + Math.floor(c.y / c.size)) % 2 === 0 ? 'light' : 'dark';
}

function cellShape(g, c, cls) {
  if (c.shape === 'hex') return el('polygon', { points: hexPoints(c.x, c.y, c.size * 0.97), class: cls }, g);
  return el('rect', { x: c.x - c.size / 2, y: c.y - c.size / 2, width: c.size, height: c.size, class: cls }, g);
}

const pieceRadius = (c) => c.d * 0.4;

// A disc seen slightly from the side: a short cylinder standing on y.
function cylinder(g, x, y, r, h, col, cls) {
  const ry = r * 0.62;
  el('path', {
    d: `M${x - r},${y - h} L${x - r},${y} A${r},${ry} 0 0 0 ${x + r},${y} L${x + r},${y - h} Z`,
    fill: col[2], stroke: col[2], 'stroke-width': r * 0.04, class: cls,
  }, g);
  // The bottom rim in a light tone, so stacked discs show their seam.
  el('path', { d: `M${x - r},${y} A${r},${ry} 0 0 0 ${x + r},${y}`, fill: 'none', stroke: col[1], 'stroke-width': r * 0.07 }, g);
  el('ellipse', { cx: x, cy: y - h, rx: r, ry, fill: col[0], stroke: col[2], 'stroke-width': r * 0.06, class: cls }, g);
}

function drawPiece(g, c, colours, gradIds) {
  const p = c.piece;
  const col = colourOf(colours[p.player] || (p.player ? 'white' : 'black'));
  const r = pieceRadius(c);
  const pg = el('g', { class: `piece p${p.player} ${p.kind}`, 'data-piece': `${p.player}:${p.kind}` }, g);
  if (p.kind === 'disc' || p.kind === 'tower') {
    // A tower is two discs stacked: it stands visibly taller than a disc.
    const h = r * 0.42, rr = r * 0.9;
    if (p.kind === 'disc') cylinder(pg, c.x, c.y + r * 0.35, rr, h, col, 'disc');
    else {
      cylinder(pg, c.x, c.y + r * 0.6, rr, h, col, 'disc');
      cylinder(pg, c.x, c.y + r * 0.6 - h * 1.1, rr, h, col, 'disc');
    }
    return;
  }
  el('circle', { cx: c.x, cy: c.y + r * 0.06, r, fill: 'rgba(0,0,0,0.25)' }, pg);
  el('circle', { cx: c.x, cy: c.y, r, fill: `url(#${gradIds[p.player]})`, stroke: col[2], 'stroke-width': r * 0.05 }, pg);
  if (p.kind === 'piece') el('circle', { cx: c.x, cy: c.y, r: r * 0.68, fill: 'none', stroke: col[2], 'stroke-opacity': 0.35, 'stroke-width': r * 0.05 }, pg);
}

function gradients(defs, colours) {
  return [0, 1].map((p) => {
    const col = colourOf(colours[p] || (p ? 'white' : 'black'));
    const id = `pg${p}-${Math.random().toString(36).slice(2, 8)}`;
    const rg = el('radialGradient', { id, cx: '35%', cy: '30%', r: '75%' }, defs);
    el('stop', { offset: '0%', 'stop-color': col[1] }, rg);
    el('stop', { offset: '100%', 'stop-color': col[0] }, rg);
    return id;
  });
}

// The bar on a cell marked "bar", along the line of kind "bar" through it.
function drawBar(g, c, board, geo) {
  let dx = 1, dy = 0;
  for (const l of board.lines || []) {
    const a = geo.byName.get(l.from), b = geo.byName.get(l.to);
    if (!a || !b || (a !== c && b !== c && l.kind !== 'bar')) continue;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len > 0) { dx = (b.x - a.x) / len; dy = (b.y - a.y) / len; break; }
  }
  const r = pieceRadius(c) * 1.25, w = c.d * 0.1;
  const at = { x1: c.x - dx * r, y1: c.y - dy * r, x2: c.x + dx * r, y2: c.y + dy * r };
  el('line', { ...at, class: 'bar-edge', 'stroke-width': w * 1.5 }, g);
  el('line', { ...at, class: 'bar', 'stroke-width': w }, g);
}

function drawLines(g, board, geo) {
  for (const l of board.lines || []) {
    const a = geo.byName.get(l.from), b = geo.byName.get(l.to);
    if (!a || !b) continue;
    el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `guide line-${l.kind || 'plain'}`,
      'stroke-width': geo.sp.d * 0.06, 'stroke-dasharray': `${geo.sp.d * 0.12} ${geo.sp.d * 0.12}` }, g);
  }
}

// An arrow from a's centre that stops at the badge on b.
function drawArrow(g, a, b, geo, o) {
  const w = geo.sp.d * (o.rank === 1 ? 0.16 : 0.11);
  const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
  const ux = dx / len, uy = dy / len, head = w * 2.6;
  const tx = b.x - ux * geo.sp.d * 0.22, ty = b.y - uy * geo.sp.d * 0.22;
  const ex = tx - ux * head, ey = ty - uy * head;
  const px = -uy, py = ux;
  const ag = el('g', { class: `hint rank${o.rank}`, 'data-hint': o.text }, g);
  el('line', { x1: a.x + ux * geo.sp.d * 0.2, y1: a.y + uy * geo.sp.d * 0.2, x2: ex, y2: ey, 'stroke-width': w, class: 'shaft' }, ag);
  el('polygon', { points: `${tx},${ty} ${ex + px * head * 0.6},${ey + py * head * 0.6} ${ex - px * head * 0.6},${ey - py * head * 0.6}`, class: 'head' }, ag);
  return ag;
}

function badge(g, x, y, geo, o) {
  const r = geo.sp.d * 0.2;
  const bg = el('g', { class: `badge rank${o.rank}` }, g);
  el('circle', { cx: x, cy: y, r }, bg);
  const t = el('text', { x, y, 'font-size': r * 1.2, 'dominant-baseline': 'central', 'text-anchor': 'middle' }, bg);
  t.textContent = String(o.rank);
  if (o.label) {
    const lt = el('text', { x, y: y + r * 1.9, 'font-size': r * 0.8, 'text-anchor': 'middle', class: 'wr' }, bg);
    lt.textContent = o.label;
  }
}

// hints: [{cells:[..], text, rank, label}] drawn as arrows between the
// cells of a path, or numbered dots on a single cell.  Hints that end on
// the same cell (one cell, several choices) put their badges side by side.
function drawHints(g, hints, geo) {
  const ends = (hints || []).map((h) => h.cells.map((n) => geo.byName.get(n)).filter(Boolean));
  const total = new Map(), seen = new Map();
  for (const pts of ends) if (pts.length) total.set(pts[pts.length - 1], (total.get(pts[pts.length - 1]) || 0) + 1);
  (hints || []).forEach((h, i) => {
    const pts = ends[i];
    if (!pts.length) return;
    const end = pts[pts.length - 1];
    if (pts.length > 1 && pts[0] !== end) drawArrow(g, pts[0], end, geo, h);
    else el('g', { class: `hint rank${h.rank}`, 'data-hint': h.text }, g);
    const k = seen.get(end) || 0;
    seen.set(end, k + 1);
    badge(g, end.x + (k - (total.get(end) - 1) / 2) * geo.sp.d * 0.46, end.y, geo, h);
  });
}

// Draws `board` into `svg` (emptied first).  opt: colours, targets (Set of
// cell names), selected (Set), firstClick (targets start a move), hints,
// flip, onCell(name).
export function drawBoard(svg, board, opt) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const geo = geometry(board, opt.flip);
  const vb = viewBox(board, geo);
  svg.setAttribute('viewBox', vb.map((v) => v.toFixed(3)).join(' '));
  svg.dataset.aspect = (vb[2] / vb[3]).toFixed(4);
  svg.dataset.kind = board.kind || '';
  const defs = el('defs', {}, svg);
  const grad = gradients(defs, opt.colours || []);
  const layers = ['cells', 'lines', 'pieces', 'marks', 'hints', 'labels'].map((k) => el('g', { class: k }, svg));
  const [cellsG, linesG, piecesG, marksG, hintsG, labelsG] = layers;
  drawCells(cellsG, piecesG, marksG, board, geo, opt, grad);
  drawLines(linesG, board, geo);
  drawHints(hintsG, opt.hints, geo);
  for (const l of geo.labels) {
    const t = el('text', { x: l.x, y: l.y, 'font-size': geo.sp.d * 0.3, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, labelsG);
    t.textContent = l.text;
  }
  return geo;
}

function drawCells(cellsG, piecesG, marksG, board, geo, opt, grad) {
  const targets = opt.targets || new Set(), selected = opt.selected || new Set();
  for (const c of geo.cells) {
    const marks = c.marks || [];
    const g = el('g', {
      class: 'cell' + (targets.has(c.name) ? ' target' : '') + (selected.has(c.name) ? ' selected' : '') +
        marks.map((m) => ` mark-${m}`).join(''),
      'data-cell': c.name, 'data-marks': marks.join(' '),
      'aria-label': c.name + (c.piece ? ` ${(opt.colours || [])[c.piece.player] || ''} ${c.piece.kind}` : ''),
    }, cellsG);
    cellShape(g, c, `bg ${cellTone(c)}`);
    for (const m of marks) if (m !== 'dark' && m !== 'light') cellShape(g, c, `ov ov-${m}`);
    if (selected.has(c.name)) cellShape(g, c, 'ov ov-selected');
    if (c.piece) drawPiece(piecesG, c, opt.colours || [], grad);
    if (marks.includes('bar')) drawBar(marksG, c, board, geo);
    if (targets.has(c.name)) {
      const r = pieceRadius(c);
      if (c.piece) el('circle', { cx: c.x, cy: c.y, r: r * 1.12, class: opt.firstClick ? 'ring first' : 'ring', 'stroke-width': r * 0.16 }, marksG);
      else el('circle', { cx: c.x, cy: c.y, r: r * (opt.firstClick ? 0.28 : 0.38), class: opt.firstClick ? 'dot first' : 'dot' }, marksG);
    }
    if (opt.onCell) g.addEventListener('click', () => opt.onCell(c.name));
  }
}
