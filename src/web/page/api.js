// api.js - every call the page makes to the server (docs/API.md), in one
// place.  Seat tokens travel in a request header, never in a URL.

const TOKEN_HEADER = 'X-Quartet-Token';

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers[TOKEN_HEADER] = token;
  const res = await fetch(path, {
    method, headers, cache: 'no-store',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

const g = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  catalog: () => call('GET', '/api/catalog'),
  levels: (game, options) => call('POST', '/api/levels', { game, options }),
  create: (spec) => call('POST', '/api/games', spec),
  importSgf: (sgf, seats) => call('POST', '/api/games', { sgf, seats }),
  state: (id, token, ply) => call('GET', g(id) + (ply == null ? '' : `?ply=${ply}`), undefined, token),
  play: (id, token, move) => call('POST', `${g(id)}/play`, { move }, token),
  undo: (id, token) => call('POST', `${g(id)}/undo`, {}, token),
  takeback: (id, token, accept) => call('POST', `${g(id)}/takeback`, { accept }, token),
  resign: (id, token) => call('POST', `${g(id)}/resign`, {}, token),
  computer: (id, token, body) => call('POST', `${g(id)}/computer`, body || {}, token),
  analysis: (id, ms, ply) => call('POST', `${g(id)}/analysis`, { ms, ply }),
  lastAnalysis: (id) => call('GET', `${g(id)}/analysis`),
  sgfUrl: (id) => `${g(id)}/sgf`,
  eventsUrl: (id) => `${g(id)}/events`,
};
