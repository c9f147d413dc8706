// app.js - the page's router.  An empty fragment is the start page;
// #game=ID a game; #game=ID&token=TOKEN an invitation: the token is kept in
// this browser and dropped from the address (the fragment never reaches the
// server).

import { startPage } from './start.js';
import { GamePage } from './game.js';
import { seats } from './dom.js';

let current = null;

function route() {
  if (current) current.stop();
  current = null;
  const view = document.getElementById('view');
  const params = new URLSearchParams(location.hash.replace(/^#\/?/, ''));
  const id = params.get('game');
  if (id) {
    const token = params.get('token');
    if (token) history.replaceState(null, '', `#game=${encodeURIComponent(id)}`);
    // Opening a game of this browser's puts it first in "Your games".
    else if (Object.keys(seats.get(id)).length) seats.touch(id);
    current = new GamePage(view, id, token);
    current.start();
    return;
  }
  document.title = 'quartet';
  startPage(view);
}

window.addEventListener('hashchange', route);
route();
