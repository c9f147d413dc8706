/* report.c - tables, progress and the SPRT of a match (see report.h). */
#include "match/report.h"
#include "match/matchargs.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Results of player a against player b (b < 0: against everyone). */
static stats_wld tally(const match *m, int a, int b)
{
    stats_wld r = {0, 0, 0};
    for (int i = 0; i < m->total; i++) {
        const match_game *s = &m->sched[i];
        if (!s->done)
            continue;
        int side;
        if (s->first == a && (b < 0 || s->second == b))
            side = 0;
        else if (s->second == a && (b < 0 || s->first == b))
            side = 1;
        else
            continue;
        if (s->result == RESULT_DRAW)
            r.d++;
        else if ((s->result == RESULT_FIRST) == (side == 0))
            r.w++;
        else
            r.l++;
    }
    return r;
}

static double points_for(int result, int side)
{
    if (result == RESULT_DRAW)
        return 0.5;
    return (result == RESULT_FIRST) == (side == 0) ? 1.0 : 0.0;
}

/* Complete opening pairs of encounter e, from its first player's side. */
static stats_penta pairs_of(const match *m, int e)
{
    stats_penta p = {{0}};
    int a = m->encounters[e][0];
    for (int i = 0; i < m->total; i++) {
        const match_game *s = &m->sched[i];
        if (s->encounter != e || (s->round & 1) || !s->done)
            continue;
        /* the swapped game follows directly in the schedule */
        const match_game *t = i + 1 < m->total ? &m->sched[i + 1] : NULL;
        if (!t || t->encounter != e || !t->done)
            continue;
        double pts = points_for(s->result, s->first == a ? 0 : 1) +
                     points_for(t->result, t->first == a ? 0 : 1);
        p.n[(int)lround(pts * 2)]++;
    }
    return p;
}

static void elo_text(double elo, char *buf, size_t len)
{
    if (fabs(elo) < 0.05)
        snprintf(buf, len, "0.0"); /* neither "+0.0" nor "-0.0" */
    else if (isinf(elo))
        snprintf(buf, len, "%sinf", elo > 0 ? "+" : "-");
    else
        snprintf(buf, len, "%+.1f", elo);
}

int report_interval(const stats_summary *s, char *buf, size_t len)
{
    buf[0] = 0;
    /* one sample, or all alike, show no spread to measure; a score
     * interval that reaches 0 or 1 has no Elo bound */
    if (s->samples < 2 || s->variance <= 0 || !isfinite(s->elo_error))
        return -1;
    snprintf(buf, len, "+- %.1f", s->elo_error);
    return 0;
}

static void hms(int64_t ms, char *buf, size_t len)
{
    long s = (long)(ms / 1000);
    snprintf(buf, len, "%02ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

/* The SPRT on the two-player match so far: pentanomial once complete
 * pairs exist (pairs, not games, are the independent samples when every
 * opening is played twice), trinomial before. */
void report_sprt(match *m, double *llr_out, int *by_pairs)
{
    stats_wld r = tally(m, m->encounters[0][0], m->encounters[0][1]);
    stats_penta p = pairs_of(m, 0);
    stats_summary tri, pen;
    stats_trinomial(&r, &tri);
    stats_pentanomial(&p, &pen);
    double llr = stats_sprt_llr(&m->sprt, pen.samples ? &pen : &tri);
    m->sprt_result = stats_sprt_decide(&m->sprt, llr);
    if (llr_out)
        *llr_out = llr;
    if (by_pairs)
        *by_pairs = pen.samples > 0;
}

static void print_sprt(match *m)
{
    double llr, lo, hi;
    int by_pairs;
    report_sprt(m, &llr, &by_pairs);
    stats_sprt_bounds(&m->sprt, &lo, &hi);
    printf("  SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f, bounds [%.3f, %.3f] (%s "
           "samples) -> %s\n",
           m->sprt.elo0, m->sprt.elo1, m->sprt.alpha, m->sprt.beta, llr, lo, hi,
           by_pairs ? "pair" : "game",
           m->sprt_result == SPRT_ACCEPT_H1   ? "H1 accepted"
           : m->sprt_result == SPRT_ACCEPT_H0 ? "H0 accepted"
                                              : "continue");
}

/* The statistics block for a two-player match. */
static void print_match_stats(match *m)
{
    int a = m->encounters[0][0], b = m->encounters[0][1];
    stats_wld r = tally(m, a, b);
    stats_penta p = pairs_of(m, 0);
    stats_summary tri, pen;
    stats_trinomial(&r, &tri);
    stats_pentanomial(&p, &pen);
    char elo[32], pm[48];
    elo_text(tri.elo, elo, sizeof elo);
    if (report_interval(&tri, pm, sizeof pm) == 0)
        util_str_appendf(pm, sizeof pm, " (95%%)");
    printf("  %s vs %s: +%ld -%ld =%ld, score %.1f%%, Elo %s%s%s, LOS %.1f%%, draws %.1f%%\n",
           m->players[a].name, m->players[b].name, r.w, r.l, r.d, 100 * tri.score, elo,
           pm[0] ? " " : "", pm, 100 * stats_los(&r), 100 * stats_draw_ratio(&r));
    if (pen.samples) {
        elo_text(pen.elo, elo, sizeof elo);
        report_interval(&pen, pm, sizeof pm);
        /* the variance of a pair's mean score beside that of two
         * independent games: below it, pairing saves games */
        printf("  pairs by points 0/0.5/1/1.5/2: %ld %ld %ld %ld %ld, Elo %s%s%s, "
               "variance %.4f per pair (%.4f if independent)\n",
               p.n[0], p.n[1], p.n[2], p.n[3], p.n[4], elo, pm[0] ? " " : "", pm, pen.variance,
               tri.variance / 2);
    }
    if (m->use_sprt)
        print_sprt(m);
}

void report_progress(match *m)
{
    int done = m->done_before + m->done_now;
    int64_t elapsed = util_now_ms() - m->started_ms;
    char el[32], left[32] = "?";
    if (m->done_now > 0) {
        int64_t rest = (int64_t)((double)elapsed / m->done_now * (m->total - done));
        hms(rest, left, sizeof left);
    }
    hms(elapsed, el, sizeof el);
    printf("progress: %d/%d games, elapsed %s, left ~%s\n", done, m->total, el, left);
    if (m->nplayers == 2 && done > 0)
        print_match_stats(m);
    fflush(stdout);
}

/* Players by score, best first (stable). */
static void rank(const match *m, const stats_wld *r, int *order)
{
    for (int i = 0; i < m->nplayers; i++)
        order[i] = i;
    for (int i = 1; i < m->nplayers; i++)
        for (int j = i; j > 0 && stats_score(&r[order[j]]) > stats_score(&r[order[j - 1]]); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

void report_summary(const match *m)
{
    int order[MATCH_MAX_PLAYERS], w = 4;
    stats_wld r[MATCH_MAX_PLAYERS];
    if (m->done_before + m->done_now == 0)
        return; /* a table of 0-game rows at 50% would say nothing true */
    for (int i = 0; i < m->nplayers; i++) {
        r[i] = tally(m, i, -1);
        if ((int)strlen(m->players[i].name) > w)
            w = (int)strlen(m->players[i].name);
    }
    rank(m, r, order);
    printf("\n%-4s  %-*s %6s %6s %6s %6s %7s %8s %7s\n", "rank", w, "name", "games", "wins",
           "losses", "draws", "score", "elo", "+-");
    for (int k = 0; k < m->nplayers; k++) {
        int i = order[k];
        stats_summary s;
        stats_trinomial(&r[i], &s);
        char e[32], pm[48];
        elo_text(s.elo, e, sizeof e);
        const char *half = report_interval(&s, pm, sizeof pm) == 0 ? pm + 3 : "-";
        printf("%4d  %-*s %6ld %6ld %6ld %6ld %6.1f%% %8s %7s\n", k + 1, w, m->players[i].name,
               stats_games(&r[i]), r[i].w, r[i].l, r[i].d, 100 * s.score, s.samples ? e : "-",
               half);
    }
    if (m->nplayers > 2)
        printf("(elo: each player's score against all its opponents)\n");
    fflush(stdout);
}

void report_header(const match *m)
{
    char opts[512], tc[64];
    game_options_text(m->proto, opts, sizeof opts);
    matchargs_tc_text(&m->tc, tc, sizeof tc);
    printf("match: %s (%s), %s, %d players, %d games, tc %s, openings %s, concurrency %d\n",
           m->proto->ops->name, opts[0] ? opts : "no options",
           matchargs_schedule_name(m->schedule_kind), m->nplayers, m->total, tc,
           m->openings_desc, m->concurrency);
    if (m->done_before)
        printf("resuming: %d of %d games already played\n", m->done_before, m->total);
    fflush(stdout);
}

void report_game(const match *m, int idx, const match_played *p)
{
    const match_game *s = &m->sched[idx];
    printf("game %d/%d: %s vs %s %s (%s)\n", idx + 1, m->total, m->players[s->first].name,
           m->players[s->second].name, game_result_text(p->result), p->reason);
    fflush(stdout);
}
