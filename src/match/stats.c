/* stats.c - match statistics (see stats.h and docs/MATCHES.md). */
#include "match/stats.h"

#include <math.h>

double stats_score_of_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

double stats_elo_of_score(double score)
{
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

long stats_games(const stats_wld *r) { return r->w + r->l + r->d; }

double stats_score(const stats_wld *r)
{
    long n = stats_games(r);
    return n ? (r->w + 0.5 * r->d) / n : 0.5;
}

double stats_draw_ratio(const stats_wld *r)
{
    long n = stats_games(r);
    return n ? (double)r->d / n : 0.0;
}

double stats_los(const stats_wld *r)
{
    long decisive = r->w + r->l;
    if (decisive == 0)
        return 0.5;
    /* Normal approximation to the binomial of wins among decisive games:
     * LOS = Phi((W - L) / sqrt(W + L)). */
    return 0.5 * (1.0 + erf((double)(r->w - r->l) / sqrt(2.0 * decisive)));
}

/* Mean, variance and interval of samples taking values x[i] with counts
 * n[i] (k kinds). */
static void summarise(const double *x, const long *n, int k, stats_summary *out)
{
    long total = 0;
    double sum = 0;
    for (int i = 0; i < k; i++) {
        total += n[i];
        sum += x[i] * n[i];
    }
    *out = (stats_summary){0};
    out->score = 0.5;
    out->samples = total;
    if (!total)
        return;
    double mean = sum / total, var = 0;
    for (int i = 0; i < k; i++)
        var += n[i] * (x[i] - mean) * (x[i] - mean);
    var /= total;
    out->score = mean;
    out->variance = var;
    out->elo = stats_elo_of_score(mean);
    /* The interval of the mean score (normal approximation, standard error
     * sqrt(var / N)) carried through the logistic curve, which is monotone. */
    double margin = STATS_Z95 * sqrt(var / total);
    out->elo_lo = stats_elo_of_score(mean - margin);
    out->elo_hi = stats_elo_of_score(mean + margin);
    out->elo_error = (out->elo_hi - out->elo_lo) / 2.0;
}

void stats_trinomial(const stats_wld *r, stats_summary *out)
{
    static const double x[3] = {1.0, 0.0, 0.5};
    long n[3] = {r->w, r->l, r->d};
    summarise(x, n, 3, out);
}

void stats_pentanomial(const stats_penta *p, stats_summary *out)
{
    /* A pair's points (0..2) halved, so the mean is a score per game. */
    static const double x[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    summarise(x, p->n, 5, out);
}

void stats_sprt_bounds(const stats_sprt *t, double *lower, double *upper)
{
    *lower = log(t->beta / (1.0 - t->alpha));
    *upper = log((1.0 - t->beta) / t->alpha);
}

double stats_sprt_llr(const stats_sprt *t, const stats_summary *s)
{
    if (s->samples == 0)
        return 0.0;
    stats_summary r = *s;
    if (r.variance <= 0.0) {
        /* Every sample alike (all wins, all draws...): the spread is
         * unknown, not zero, and a zero variance would decide on the first
         * sample.  Count one more sample at score 0.5, the least informative
         * one, so that only a long unbroken run can decide. */
        double n = (double)r.samples, mean = (n * r.score + 0.5) / (n + 1);
        r.variance = (n * (r.score - mean) * (r.score - mean) + (0.5 - mean) * (0.5 - mean)) /
                     (n + 1);
        r.score = mean;
        r.samples++;
        if (r.variance <= 0.0)
            return 0.0; /* only draws: no evidence either way */
        s = &r;
    }
    /* Generalized SPRT (M. Van den Bergh, "A generalized sequential
     * probability ratio test", the approximation fishtest uses): the mean
     * score of N samples is close to normal with variance var/N, so the log
     * of the likelihood ratio of the score s1 = score(elo1) against
     * s0 = score(elo0) is
     *     LLR = N * (s1 - s0) * (2*mean - s0 - s1) / (2 * var).          */
    double s0 = stats_score_of_elo(t->elo0), s1 = stats_score_of_elo(t->elo1);
    return s->samples * (s1 - s0) * (2.0 * s->score - s0 - s1) / (2.0 * s->variance);
}

int stats_sprt_decide(const stats_sprt *t, double llr)
{
    double lower, upper;
    stats_sprt_bounds(t, &lower, &upper);
    if (llr >= upper)
        return SPRT_ACCEPT_H1;
    if (llr <= lower)
        return SPRT_ACCEPT_H0;
    return SPRT_CONTINUE;
}
