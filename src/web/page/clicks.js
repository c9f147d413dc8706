// clicks.js - entering a move as a path of clicks.  The server lists every
// legal move with its click path (cell names and choices); the page only
// filters that list by the clicks made so far.  No game rule lives here.

// A click is a cell name (string) or a choice {choice, label}; its key is
// what two clicks compare by.
export const clickKey = (c) => (typeof c === 'string' ? 'cell:' + c : 'choice:' + c.choice);

// Moves whose click path starts with `path` (an array of keys).
export function matching(moves, path) {
  return moves.filter((m) => path.length <= m.clicks.length &&
    path.every((k, i) => clickKey(m.clicks[i]) === k));
}

// What may come next after `path`: cells to highlight, choices to offer,
// and the move that is complete if the player stops here.
export function nextSteps(moves, path) {
  const cand = matching(moves, path);
  const cells = new Set();
  const choices = new Map();
  let complete = null;
  for (const m of cand) {
    if (m.clicks.length === path.length) { complete = m; continue; }
    const c = m.clicks[path.length];
    if (typeof c === 'string') cells.add(c);
    else if (!choices.has(c.choice)) choices.set(c.choice, c.label || c.choice);
  }
  return { cand, cells, choices, complete };
}

// Apply one click to the path.  Returns {path, move}: move is set when the
// click completes a legal move, or leaves a single one after two clicks or
// more (the rest of its path is forced).  A click that continues nothing
// takes back the last click when it repeats it, starts a new path when it
// can begin one, and clears the path otherwise.
export function applyClick(moves, path, click) {
  const key = clickKey(click);
  for (const p of [path, []]) {
    const np = [...p, key];
    const st = nextSteps(moves, np);
    if (st.cand.length === 0) {
      if (p.length && p[p.length - 1] === key) return { path: p.slice(0, -1), move: null };
      continue;
    }
    if (st.complete && st.cells.size === 0 && st.choices.size === 0) return { path: [], move: st.complete };
    if (st.cand.length === 1 && np.length >= 2) return { path: [], move: st.cand[0] };
    return { path: np, move: null };
  }
  return { path: [], move: null };
}

// The cells a move's path touches, in order (to draw arrows and dots).
export const moveCells = (m) => m.clicks.filter((c) => typeof c === 'string');
