/* test_stats.c - match statistics against values worked out by hand
 * (and checked with an independent calculation). */
#include "check.h"
#include "match/stats.h"

#include <math.h>

#define CHECK_NEAR(a, b, tol)                                                         \
    do {                                                                              \
        double check_x_ = (a), check_y_ = (b);                                        \
        if (!(fabs(check_x_ - check_y_) <= (tol))) {                                  \
            printf("FAIL %s (%s:%d): %s == %.9g, expected %.9g\n", check_current,     \
                   __FILE__, __LINE__, #a, check_x_, check_y_);                       \
            check_current_failed = 1;                                                 \
        }                                                                             \
    } while (0)

static void elo_curve(void)
{
    CHECK_NEAR(stats_score_of_elo(0), 0.5, 1e-12);
    /* 1 / (1 + 10^-0.25) */
    CHECK_NEAR(stats_score_of_elo(100), 0.6400649998, 1e-9);
    CHECK_NEAR(stats_score_of_elo(-200), 0.2402530734, 1e-9);
    /* score 0.75: -400 log10(1/3) = 190.848... */
    CHECK_NEAR(stats_elo_of_score(0.75), 190.8485019, 1e-6);
    CHECK_NEAR(stats_elo_of_score(stats_score_of_elo(123.0)), 123.0, 1e-9);
    CHECK(isinf(stats_elo_of_score(1.0)) && stats_elo_of_score(1.0) > 0);
    CHECK(isinf(stats_elo_of_score(0.0)) && stats_elo_of_score(0.0) < 0);
}

/* +10 -5 =5: score 12.5/20 = 0.625; per-game variance
 * (10*0.375^2 + 5*0.625^2 + 5*0.125^2)/20 = 3.4375/20 = 0.171875;
 * Elo -400 log10(0.6) = 88.7395; standard error sqrt(0.171875/20)
 * = 0.0927025, so the score interval is 0.625 -+ 0.181693, i.e. Elo
 * -39.5648 .. 248.1849; LOS = Phi(5/sqrt(15)) = 0.901647. */
static void trinomial_table(void)
{
    stats_wld r = {10, 5, 5};
    stats_summary s;
    stats_trinomial(&r, &s);
    CHECK_INT(stats_games(&r), 20);
    CHECK_INT(s.samples, 20);
    CHECK_NEAR(stats_score(&r), 0.625, 1e-12);
    CHECK_NEAR(s.score, 0.625, 1e-12);
    CHECK_NEAR(s.variance, 0.171875, 1e-12);
    CHECK_NEAR(s.elo, 88.7394998, 1e-6);
    CHECK_NEAR(s.elo_lo, -39.5648376, 1e-5);
    CHECK_NEAR(s.elo_hi, 248.1848670, 1e-5);
    CHECK_NEAR(s.elo_error, (248.1848670 + 39.5648376) / 2, 1e-5);
    CHECK_NEAR(stats_los(&r), 0.9016471988, 1e-9);
    CHECK_NEAR(stats_draw_ratio(&r), 0.25, 1e-12);
}

static void even_and_empty(void)
{
    stats_wld even = {7, 7, 6};
    stats_summary s;
    stats_trinomial(&even, &s);
    CHECK_NEAR(s.elo, 0.0, 1e-9);
    CHECK_NEAR(s.elo_lo, -s.elo_hi, 1e-9);
    CHECK_NEAR(stats_los(&even), 0.5, 1e-12);

    stats_wld none = {0, 0, 0};
    stats_trinomial(&none, &s);
    CHECK_INT(s.samples, 0);
    CHECK_NEAR(s.score, 0.5, 0);
    CHECK_NEAR(stats_los(&none), 0.5, 0);
    CHECK_NEAR(stats_draw_ratio(&none), 0.0, 0);

    /* Only draws: LOS has nothing to go on. */
    stats_wld draws = {0, 0, 4};
    CHECK_NEAR(stats_los(&draws), 0.5, 0);
    /* +3 -0: Phi(sqrt(3)) = 0.958368 */
    stats_wld sweep = {3, 0, 0};
    CHECK_NEAR(stats_los(&sweep), 0.9583677, 1e-6);
}

/* Pairs 0:1 0.5:2 1:3 1.5:4 2:2 (12 pairs).  Mean pair score halved:
 * (0.25*2 + 0.5*3 + 0.75*4 + 2)/12 = 7/12 = 0.583333; variance
 * sum n (x - 7/12)^2 / 12 = 0.0868056; Elo 58.4512; interval
 * 7/12 -+ 1.96*sqrt(0.0868056/12) -> -58.4738 .. 190.8778. */
static void pentanomial_table(void)
{
    stats_penta p = {{1, 2, 3, 4, 2}};
    stats_summary s;
    stats_pentanomial(&p, &s);
    CHECK_INT(s.samples, 12);
    CHECK_NEAR(s.score, 7.0 / 12, 1e-12);
    CHECK_NEAR(s.variance, 0.0868055556, 1e-9);
    CHECK_NEAR(s.elo, 58.4512143, 1e-6);
    CHECK_NEAR(s.elo_lo, -58.4738394, 1e-5);
    CHECK_NEAR(s.elo_hi, 190.8778317, 1e-5);
}

static void sprt(void)
{
    stats_sprt t = {0, 5, 0.05, 0.05};
    double lo, hi;
    stats_sprt_bounds(&t, &lo, &hi);
    /* ln(0.05/0.95) and ln(0.95/0.05) */
    CHECK_NEAR(lo, -2.944438979, 1e-9);
    CHECK_NEAR(hi, 2.944438979, 1e-9);

    /* +10 -5 =5 above: s0 = 0.5, s1 = score(5) = 0.5071955;
     * LLR = 20 * 0.0071955 * (1.25 - 1.0071955) / (2 * 0.171875) = 0.101644 */
    stats_wld r = {10, 5, 5};
    stats_summary s;
    stats_trinomial(&r, &s);
    CHECK_NEAR(stats_sprt_llr(&t, &s), 0.1016437077, 1e-8);
    CHECK_INT(stats_sprt_decide(&t, stats_sprt_llr(&t, &s)), SPRT_CONTINUE);

    /* The pentanomial table above with the same hypotheses: 0.0793091 */
    stats_penta p = {{1, 2, 3, 4, 2}};
    stats_pentanomial(&p, &s);
    CHECK_NEAR(stats_sprt_llr(&t, &s), 0.0793090541, 1e-8);

    /* elo0=0 elo1=10: +300 -200 =100 passes, +100 -200 =100 fails. */
    stats_sprt t10 = {0, 10, 0.05, 0.05};
    stats_wld good = {300, 200, 100}, bad = {100, 200, 100};
    stats_trinomial(&good, &s);
    CHECK_NEAR(stats_sprt_llr(&t10, &s), 3.2636452361, 1e-7);
    CHECK_INT(stats_sprt_decide(&t10, stats_sprt_llr(&t10, &s)), SPRT_ACCEPT_H1);
    stats_trinomial(&bad, &s);
    CHECK_NEAR(stats_sprt_llr(&t10, &s), -4.4262250004, 1e-7);
    CHECK_INT(stats_sprt_decide(&t10, stats_sprt_llr(&t10, &s)), SPRT_ACCEPT_H0);

    /* +20 -0 =0 has no spread: one sample at 0.5 is added, giving 21
     * samples of mean 20.5/21 and variance 20/21^2 * 0.25 ... = LLR 6.298119 */
    stats_wld sweep = {20, 0, 0};
    stats_trinomial(&sweep, &s);
    CHECK_NEAR(stats_sprt_llr(&t, &s), 6.2981186105, 1e-7);
    stats_wld lost = {0, 20, 0};
    stats_trinomial(&lost, &s);
    CHECK(stats_sprt_llr(&t, &s) < -6.0);

    /* Only draws: no evidence either way. */
    stats_wld draws = {0, 0, 10};
    stats_trinomial(&draws, &s);
    CHECK_NEAR(stats_sprt_llr(&t, &s), 0.0, 0);
}

int main(void)
{
    RUN(elo_curve);
    RUN(trinomial_table);
    RUN(even_and_empty);
    RUN(pentanomial_table);
    RUN(sprt);
    return check_summary("test_stats");
}
