/* openings.c - a match's openings (see openings.h). */
#define _GNU_SOURCE
#include "match/openings.h"
#include "rng.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add_opening(match *m, int is_position, const char *text)
{
    match_opening *o = realloc(m->openings, sizeof *o * (size_t)(m->nopenings + 1));
    if (!o)
        return -1;
    m->openings = o;
    o[m->nopenings].is_position = is_position;
    if (!(o[m->nopenings].text = strdup(text)))
        return -1;
    m->nopenings++;
    return 0;
}

void openings_free(match *m)
{
    for (int i = 0; i < m->nopenings; i++)
        free(m->openings[i].text);
    free(m->openings);
    m->openings = NULL;
    m->nopenings = 0;
}

/* Apply an opening to g.  0, or -1 with err. */
static int apply(game *g, const match_opening *o, char *err, size_t errlen)
{
    if (o->is_position)
        return g->ops->from_text(g, o->text, err, errlen);
    for (const char *p = o->text + strspn(o->text, " "); *p; p += strspn(p, " ")) {
        char tok[GAME_MOVE_TEXT_MAX];
        size_t n = strcspn(p, " ");
        snprintf(tok, sizeof tok, "%.*s", (int)(n < sizeof tok ? n : sizeof tok - 1), p);
        p += n;
        if (g->ops->result(g) != RESULT_NONE) {
            snprintf(err, errlen, "the game is over before '%s'", tok);
            return -1;
        }
        qmove mv;
        if (n >= sizeof tok) {
            snprintf(err, errlen, "'%s...' is not a move", tok);
            return -1;
        }
        if (g->ops->move_from_text(g, tok, &mv, err, errlen) != 0)
            return -1;
        g->ops->make(g, mv);
    }
    return 0;
}

/* g's moves from the start, each in canonical text after sep (the first
 * without); with turns, stones of one turn are joined by commas. */
static void moves_text(game *g, int turns, strbuf *out)
{
    game_step *st = game_steps(g, 0, 0);
    if (!st) {
        out->failed = 1;
        return;
    }
    for (int i = 0; i < g->ops->ply(g); i++)
        strbuf_addf(out, "%s%s", i == 0 ? "" : turns && !game_step_starts_turn(st, i) ? "," : " ",
                    st[i].text);
    free(st);
}

void openings_turns(const game *start, const match_opening *o, strbuf *out)
{
    game *g = game_clone(start);
    char err[GAME_ERR_MAX];
    if (!g) {
        out->failed = 1;
        return;
    }
    apply(g, o, err, sizeof err); /* checked when the match began */
    moves_text(g, 1, out);
    game_free(g);
}

/* Check an opening; the canonical text of its moves goes to canon.
 * 0, or -1 with err. */
static int check_opening(const match *m, const match_opening *o, strbuf *canon, char *err,
                         size_t errlen)
{
    game *g = game_clone(m->proto);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = apply(g, o, err, errlen);
    if (rc == 0 && g->ops->result(g) != RESULT_NONE) {
        snprintf(err, errlen, "the game is already over");
        rc = -1;
    }
    /* engines hear whole turns: the last move must complete one */
    if (rc == 0 && !o->is_position && !game_turn_starts_here(g)) {
        snprintf(err, errlen, "it ends in the middle of a turn");
        rc = -1;
    }
    if (rc == 0 && !o->is_position)
        moves_text(g, 0, canon);
    game_free(g);
    return rc;
}

/* One line of an openings file: 1 an opening was added, 0 nothing on it,
 * -1 bad (err). */
static int opening_line(match *m, char *line, char *err, size_t errlen)
{
    util_str_chomp(line);
    while (isspace((unsigned char)*line))
        line++;
    if (!*line || *line == '#')
        return 0;
    int is_pos = strncmp(line, "pos:", 4) == 0;
    char *text = is_pos ? line + 4 : line;
    while (isspace((unsigned char)*text))
        text++;
    if (!is_pos)
        for (char *c = text; *c; c++)
            if (*c == ',' || *c == '\t')
                *c = ' ';
    while (isspace((unsigned char)*text))
        text++;
    if (!*text) { /* the start itself is no opening a book can name */
        snprintf(err, errlen, "no move and no position");
        return -1;
    }
    if (strlen(text) >= OPENINGS_LINE_MAX) {
        snprintf(err, errlen, "line too long (at most %d bytes)", OPENINGS_LINE_MAX - 1);
        return -1;
    }
    match_opening o = {is_pos, text};
    strbuf canon = STRBUF_INIT;
    int rc = check_opening(m, &o, &canon, err, errlen);
    if (rc == 0 && (canon.failed || add_opening(m, is_pos, is_pos ? text : strbuf_str(&canon)))) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    strbuf_free(&canon);
    return rc == 0 ? 1 : -1;
}

/* FNV-1a over the openings: a changed file must not resume as the same. */
static uint64_t openings_hash(const match *m)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < m->nopenings; i++) {
        for (const char *c = m->openings[i].text;; c++) {
            h = (h ^ (unsigned char)*c) * 1099511628211ull;
            if (!*c)
                break;
        }
        h = (h ^ (0xF0u + (unsigned)m->openings[i].is_position)) * 1099511628211ull;
    }
    return h;
}

int openings_load(match *m, const char *path)
{
    size_t len;
    char *data = util_read_file_max(path, OPENINGS_FILE_MAX, &len);
    if (!data && errno == EFBIG)
        fprintf(stderr, "quartet match: openings file %s: larger than %d bytes, the limit\n",
                path, OPENINGS_FILE_MAX);
    else if (!data)
        fprintf(stderr, "quartet match: cannot read openings file %s: %s\n", path,
                strerror(errno));
    if (!data)
        return -1;
    const char *nul = memchr(data, 0, len);
    if (nul) { /* the lines after it would be lost unseen */
        int at = 1;
        for (const char *c = data; c < nul; c++)
            at += *c == '\n';
        fprintf(stderr, "quartet match: %s:%d: bad opening: a NUL byte (not a text file)\n",
                path, at);
        free(data);
        return -1;
    }
    /* a UTF-8 byte order mark, as some editors write, is no move */
    char *text = len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? data + 3 : data;
    int lineno = 0, rc = 0;
    for (char *line = text, *next; line && *line; line = next) {
        char err[GAME_ERR_MAX];
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        if ((rc = opening_line(m, line, err, sizeof err)) < 0) {
            fprintf(stderr, "quartet match: %s:%d: bad opening: %s\n", path, lineno, err);
            break;
        }
    }
    free(data);
    if (rc >= 0 && m->nopenings == 0) {
        fprintf(stderr, "quartet match: %s holds no openings\n", path);
        rc = -1;
    } else if (rc >= 0 && m->opening_start > m->nopenings) {
        fprintf(stderr, "quartet match: -opening-start %d: %s holds %d openings\n",
                m->opening_start, path, m->nopenings);
        rc = -1;
    }
    int n = snprintf(m->openings_desc, sizeof m->openings_desc, "file:%.400s:%d:%016llx", path,
                     m->nopenings, (unsigned long long)openings_hash(m));
    /* another start is another match (a log resumes only its own) */
    if (m->opening_start > 1)
        snprintf(m->openings_desc + n, sizeof m->openings_desc - (size_t)n, ":start=%d",
                 m->opening_start);
    return rc < 0 ? -1 : 0;
}

/* Opening k of -random-plies: random legal moves (completing the last
 * turn) from an RNG seeded with the match seed and k, so any opening can
 * be made again alone, as a resumed match needs.  Tries again (up to 100
 * times) when the moves end the game.  0, 1 every try ended the game, -1
 * out of memory. */
static int random_opening(const match *m, int k, strbuf *out)
{
    rng r;
    rng_seed(&r, m->seed * 0x9E3779B97F4A7C15ull + (uint64_t)k + 1);
    game *g = game_clone(m->proto);
    if (!g)
        return -1;
    qmove moves[GAME_MAX_MOVES];
    for (int attempt = 0; attempt < 100; attempt++) {
        g->ops->copy(g, m->proto);
        for (int plies = 0;; plies++) {
            int n = g->ops->legal_moves(g, moves);
            if (n == 0 || (plies >= m->random_plies && game_turn_starts_here(g)))
                break;
            g->ops->make(g, moves[rng_below(&r, (uint32_t)n)]);
        }
        if (g->ops->result(g) == RESULT_NONE)
            break;
    }
    /* an opening that decides the game would score the book, not the players */
    int over = g->ops->result(g) != RESULT_NONE;
    strbuf_clear(out);
    moves_text(g, 0, out);
    game_free(g);
    return out->failed ? -1 : over;
}

int openings_random(match *m)
{
    int rc = 0;
    strbuf o = STRBUF_INIT;
    for (int p = 0; p < (m->games + 1) / 2 && rc == 0; p++)
        if ((rc = random_opening(m, p, &o)) == 0)
            rc = add_opening(m, 0, strbuf_str(&o));
    strbuf_free(&o);
    if (rc > 0)
        fprintf(stderr, "quartet match: -random-plies %d: 100 tries of that many random moves "
                        "all ended the game; ask for fewer\n", m->random_plies);
    else if (rc < 0)
        fprintf(stderr, "quartet match: out of memory for the openings\n");
    snprintf(m->openings_desc, sizeof m->openings_desc, "random:%d:seed=%llu", m->random_plies,
             (unsigned long long)m->seed);
    return rc ? -1 : 0;
}

void openings_none(match *m) { snprintf(m->openings_desc, sizeof m->openings_desc, "none"); }

void openings_text(const match *m, const match_game *s, strbuf *out)
{
    if (!m->nopenings)
        return;
    const match_opening *o = &m->openings[s->opening];
    strbuf_addf(out, "%s%s", o->is_position ? "pos:" : "", o->text);
}
