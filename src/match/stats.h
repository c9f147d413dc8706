/*
 * stats.h - match statistics: score, Elo with its interval, LOS, draw
 * ratio, pentanomial pair statistics and the sequential probability ratio
 * test.  Pure functions of the counts; docs/MATCHES.md gives the formulas.
 *
 * Elo is the logistic model throughout: a score s (0..1) means an Elo
 * difference of -400 * log10(1/s - 1).
 */
#ifndef QUARTET_STATS_H
#define QUARTET_STATS_H

/* Two-sided 95% quantile of the standard normal distribution. */
#define STATS_Z95 1.959963984540054

/* Results of one side against another: wins, losses, draws. */
typedef struct stats_wld {
    long w, l, d;
} stats_wld;

/* Game pairs (the same opening played twice with colours swapped) by the
 * points the side scored over both games: 0, 0.5, 1, 1.5, 2. */
typedef struct stats_penta {
    long n[5];
} stats_penta;

/* What the counts say.  Elo figures are +-inf when the score is 0 or 1. */
typedef struct stats_summary {
    long samples;      /* games (trinomial) or pairs (pentanomial) */
    double score;      /* mean score, 0..1 */
    double variance;   /* variance of one sample's score (scaled to 0..1) */
    double elo;        /* Elo difference from the score */
    double elo_lo;     /* 95% interval on the Elo difference */
    double elo_hi;
    double elo_error;  /* (elo_hi - elo_lo) / 2, the "+-" figure */
} stats_summary;

/* Expected score for an Elo difference, and the inverse (+-inf at 0 and 1). */
double stats_score_of_elo(double elo);
double stats_elo_of_score(double score);

long stats_games(const stats_wld *r);
double stats_score(const stats_wld *r);     /* (W + D/2) / N, 0.5 with no games */
double stats_draw_ratio(const stats_wld *r);
/* Likelihood of superiority: P(the side is stronger), from wins and losses
 * only (draws carry no information about which side is stronger). */
double stats_los(const stats_wld *r);

/* Per-game (trinomial) and per-pair (pentanomial) summaries.  With no
 * samples everything is 0 (score 0.5). */
void stats_trinomial(const stats_wld *r, stats_summary *out);
void stats_pentanomial(const stats_penta *p, stats_summary *out);

/* Sequential probability ratio test of H0: elo = elo0 against
 * H1: elo = elo1 (logistic Elo), with error rates alpha and beta. */
typedef struct stats_sprt {
    double elo0, elo1, alpha, beta;
} stats_sprt;

enum { SPRT_CONTINUE = 0, SPRT_ACCEPT_H0 = -1, SPRT_ACCEPT_H1 = 1 };

/* Stopping bounds: lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha). */
void stats_sprt_bounds(const stats_sprt *t, double *lower, double *upper);
/* Generalized SPRT log-likelihood ratio from a summary (any sample kind).
 * When all samples are alike (variance 0) one sample at score 0.5 is
 * added first; 0 when even then there is no spread (only draws). */
double stats_sprt_llr(const stats_sprt *t, const stats_summary *s);
/* SPRT_CONTINUE, SPRT_ACCEPT_H0 or SPRT_ACCEPT_H1 for a ratio. */
int stats_sprt_decide(const stats_sprt *t, double llr);

#endif
