// game.js - the game page: board, players and clocks, move entry, review,
// analysis and live updates.  Everything game-specific arrives in the state.

import { api } from './api.js';
import { drawBoard, colourOf } from './board.js';
import { applyClick, nextSteps, moveCells } from './clicks.js';
import { h, toast, cap, seats } from './dom.js';
import { panel } from './panel.js';

export class GamePage {
  constructor(view, id, invited) {
    this.view = view;
    this.id = id;
    this.invited = invited; // a token from an invitation link
    this.tokens = seats.get(id);
    this.live = null;      // latest state of the game
    this.shown = null;     // state on the board (a past one while reviewing)
    this.wanted = null;    // the move number asked for and not yet shown
    this.path = [];        // clicks so far
    this.analysis = false;
    this.analysisTimer = null; // a review's step waiting to be analysed (analyseSoon)
    this.flip = null;      // the player's own choice of orientation
    this.hints = [];
    this.thinking = null;  // last "thinking" event
    this.es = null;
    this.streamed = 0;     // states received from the live stream
    this.ui = panel(this);
  }

  // The token to move with: the seat to move if this browser holds it.
  tokenFor(seat) { return seat == null ? null : this.tokens[seat] || null; }
  anyToken() { return this.tokens[0] || this.tokens[1] || null; }
  mySeats() { return [0, 1].filter((s) => this.tokens[s]); }
  canMove() {
    const s = this.live;
    return s && !this.reviewing() && s.result.code === 'none' && s.to_move != null &&
      !!this.tokenFor(s.to_move) && !this.thinkingNow();
  }
  // The computer is choosing a move: the state says so, or a computer seat
  // is to move (its search may start a moment after the state was sent).
  thinkingNow() {
    const s = this.live;
    return s.result.code === 'none' && s.to_move != null &&
      (!!s.thinking || (s.seats[s.to_move] || {}).kind === 'computer');
  }
  // The board turns for whoever holds the second seat alone, unless the
  // player turned it back; the triangle keeps its point up.
  flipped() {
    if (this.flip != null) return this.flip;
    return this.live.board.kind !== 'triangle' && !this.tokens[0] && !!this.tokens[1];
  }
  reviewing() { return this.shown && this.live && this.shown.view_ply !== this.live.ply; }
  // Where the review stands: the position asked for last, shown or not, so
  // quick steps go on from it.
  viewPly() { return this.wanted ?? this.shown.view_ply; }

  async start() {
    try {
      if (this.invited) await this.join();
      this.setLive(await api.state(this.id, this.anyToken()));
    } catch (e) {
      this.view.replaceChildren(h('section.startpage', {}, h('h1', {}, 'Game not found'),
        h('p.error', {}, e.message), h('a.button', { href: '#/' }, 'New game')));
      return;
    }
    this.view.replaceChildren(this.ui.root);
    this.render();
    this.listen();
  }

  // The seat of an invitation's token is the state's `you` for it.
  async join() {
    let st = null;
    try {
      st = await api.state(this.id, this.invited);
    } catch (e) {
      if (e.status !== 403) throw e;
    }
    if (!st || st.you == null) toast('This invitation link is not valid: you can watch the game');
    else { seats.set(this.id, st.you, this.invited); this.tokens = seats.get(this.id); }
  }

  stop() {
    if (this.es) this.es.close();
    this.es = null;
    clearInterval(this.ui.tick);
  }

  listen() {
    if (this.es) this.es.close();
    const es = new EventSource(api.eventsUrl(this.id));
    this.es = es;
    es.addEventListener('state', (ev) => {
      this.streamed++;
      try { this.onState(JSON.parse(ev.data)); } catch (e) { console.error(e); }
    });
    es.addEventListener('analysis', (ev) => {
      try { this.showAnalysis(JSON.parse(ev.data)); } catch (e) { console.error(e); }
    });
    es.addEventListener('thinking', (ev) => {
      try {
        this.thinking = { ...JSON.parse(ev.data), seat: this.live.to_move };
        this.ui.showThinking();
      } catch (e) { console.error(e); }
    });
    es.onopen = () => this.ui.setConnected(true);
    es.onerror = () => {
      this.ui.setConnected(false);
      // The browser reopens a dropped stream by itself, but not one the
      // server refused: then start a new one.  Either way fetch the state
      // so nothing is missed while it was down.
      if (es.readyState === EventSource.CLOSED) setTimeout(() => { if (this.es === es) this.listen(); }, 2000);
      setTimeout(() => this.refresh(), 1000);
    };
  }

  async refresh() {
    try { this.onState(await api.state(this.id, this.anyToken())); this.ui.setConnected(true); } catch { /* still down */ }
  }

  // The answer to a request of ours.  The live stream delivers every state
  // in order, but an answer can overtake it or be overtaken: the computer's
  // reply may stream before the answer to the move it replies to.  So an
  // answer is taken unless a state streamed since the request has gone
  // further (the answer's moves are a strict start of the shown ones); the
  // stream brings anything newer anyway.
  async request(promise) {
    const seen = this.streamed;
    const s = await promise;
    const t = s.turns || [], lt = this.live.turns || [];
    const behind = this.streamed !== seen && t.length < lt.length && startsWith(lt, t);
    if (!behind) this.onState(s);
    else this.render();
    return s;
  }

  onState(s) {
    if (!s || s.id !== this.live.id || s.view_ply !== s.ply) return;
    // a review asked for and not yet shown counts too: a state that comes
    // meanwhile (the stream's first, say) must not cancel it
    const wasReviewing = this.reviewing() || this.wanted != null;
    const changed = s.ply !== this.live.ply || JSON.stringify(s.turns) !== JSON.stringify(this.live.turns);
    const takenBack = !startsWith(s.turns || [], this.live.turns || []);
    this.setLive(s, wasReviewing);
    if (this.analysis && this.analysisClosed()) { this.analysis = false; this.hints = []; }
    if (changed) {
      this.path = [];
      this.hints = [];
      // a new search, or the last one's move taken back; else it stays shown
      if (this.thinkingNow() || takenBack) this.thinking = null;
    }
    this.render();
    if (changed && this.analysis) this.loadAnalysis();
  }

  // The live state; a review (keepView) stays on its position, unless a
  // takeback left that position past the game's end.
  setLive(s, keepView) {
    this.live = s;
    if (keepView && this.shown && this.shown.view_ply <= s.ply) return;
    this.shown = s;
    this.wanted = null;
  }

  render() {
    const s = this.shown;
    let targets = new Set(), selected = new Set(), choices = new Map(), steps = null;
    if (this.canMove()) {
      steps = nextSteps(s.moves || [], this.path);
      targets = steps.cells;
      choices = steps.choices;
      for (const k of this.path) if (k.startsWith('cell:')) selected.add(k.slice(5));
    }
    drawBoard(this.ui.svg, s.board, {
      colours: s.colours, targets, selected, hints: this.hints, flip: this.flipped(), firstClick: this.path.length === 0,
      onCell: (name) => this.click(name),
    });
    this.ui.root.style.setProperty('--aspect', this.ui.svg.dataset.aspect);
    this.ui.update(choices, steps);
  }

  click(click) {
    if (!this.canMove()) return;
    const r = applyClick(this.live.moves || [], this.path, click);
    this.path = r.path;
    if (r.move) this.play(r.move.text);
    else this.render();
  }

  async play(text) {
    const s = this.live;
    const token = this.tokenFor(s.to_move);
    this.path = [];
    this.ui.busy(true);
    try {
      await this.request(api.play(this.id, token, text));
    } catch (e) {
      toast(`Move ${text}: ${e.message}`);
      this.render();
    } finally { this.ui.busy(false); }
  }

  // Two people apart are playing: no analysis until the game is over.
  analysisClosed() { return !!this.live.apart && this.live.result.code === 'none'; }

  // Answer the takeback offered: accept or decline as the other seat, or
  // cancel one's own offer (accept false).
  async answerTakeback(accept) {
    const by = (this.live.takeback || {}).by;
    const token = this.tokenFor(accept ? 1 - by : by) || this.tokenFor(1 - by);
    try {
      await this.request(api.takeback(this.id, token, accept));
    } catch (e) { toast(`Takeback: ${e.message}`); }
  }

  // The seats of this browser whose Undo would take something back (after
  // a resignation only the resigner's; after a loss on time none).
  undoSeats() { return this.mySeats().filter((s) => (this.live.undo || [])[s]); }

  // Resign as the seat to move when this browser holds it; undo as the seat
  // that made the last turn, so two people at one screen take back one turn,
  // or else as a seat that may.
  async action(name) {
    const turns = this.live.turns || [];
    const last = turns.length ? turns[turns.length - 1].player : null;
    const mine = this.undoSeats();
    const seat = name !== 'undo' ? this.live.to_move : mine.includes(last) ? last : mine[0];
    const token = this.tokenFor(seat) || this.anyToken();
    try {
      await this.request(api[name](this.id, token));
    } catch (e) { toast(`${cap(name)}: ${e.message}`); }
  }

  async review(ply) {
    const live = this.live;
    ply = Math.max(0, Math.min(live.ply, ply));
    this.path = [];
    if (ply === live.ply) { this.show(live); return; }
    this.wanted = ply;
    try {
      const s = await api.state(this.id, this.anyToken(), ply);
      if (this.wanted !== ply) return; // a later step, or a new move, asked for another
      this.show(s);
    } catch (e) { toast(`Review: ${e.message}`); }
  }

  // Show a position of the review or the live one: another position's
  // candidate moves go, and the analysis follows the position shown.
  show(s) {
    const moved = this.shown.view_ply !== s.view_ply;
    this.shown = s;
    this.wanted = null;
    if (moved) this.hints = [];
    this.render();
    if (moved && this.analysis) this.analyseSoon();
  }

  // Stepping through a review analyses the position it stops at, not each
  // one it passes: every analysis is a search on the server.
  analyseSoon() {
    clearTimeout(this.analysisTimer);
    this.ui.analysisInfo('Analysing…');
    this.analysisTimer = setTimeout(() => { this.analysisTimer = null; this.loadAnalysis(); },
      ANALYSIS_DELAY_MS);
  }

  async toggleAnalysis(on) {
    clearTimeout(this.analysisTimer);
    this.analysis = on;
    this.hints = [];
    if (on) await this.loadAnalysis();
    else this.render();
  }

  // Starts an analysis of the position shown (the live one, or one under
  // review); its progress arrives as "analysis" events, and the final word
  // is fetched once it should be done (in case the stream dropped an event).
  async loadAnalysis() {
    const ply = this.shown.view_ply, info = (t) => this.ui.analysisInfo(t);
    const over = ply === this.live.ply && this.live.result.code !== 'none';
    if (over) { info('The game is over.'); return; }
    if (this.thinkingNow()) { info('Analysis starts when the computer has moved.'); return; }
    info('Analysing…');
    try {
      this.showAnalysis(await api.analysis(this.id, ANALYSIS_MS, ply));
      await new Promise((r) => setTimeout(r, ANALYSIS_MS + 500));
      if (this.analysis) this.showAnalysis(await api.lastAnalysis(this.id));
    } catch (e) { if (this.shown.view_ply === ply) info(`Analysis: ${e.message}`); }
  }

  // An analysis of the position shown, with its moves drawn on the board;
  // one of another position is not shown.
  showAnalysis(a) {
    if (!this.analysis || !a || this.wanted != null || a.ply !== this.shown.view_ply) return;
    const cands = (a.candidates || []).slice(0, 5);
    this.hints = cands.map((c, i) => {
      const label = c.proven ? `${c.proven}${c.plies ? ` ${c.plies}` : ''}` : pct(c.winrate);
      return { text: c.move, rank: i + 1, cells: c.clicks ? moveCells(c) : [], label };
    });
    this.ui.showAnalysis(cands, a);
    this.render();
  }

  colour(seat) { return (this.live.colours || [])[seat] || (seat ? 'second' : 'first'); }
  colourFill(seat) { return colourOf(this.colour(seat))[0]; }
}

const ANALYSIS_MS = 1500;
const ANALYSIS_DELAY_MS = 300; // a step of the review waits this long for the next

// Whether the turns `a` start with every turn of `b`.
const startsWith = (a, b) => b.length <= a.length &&
  b.every((x, i) => x.player === a[i].player && x.text === a[i].text);

export const pct = (w) => (w == null ? '' : `${Math.round(w * 100)}%`);
