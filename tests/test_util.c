/* test_util.c - the shared text helpers: seconds, the growing string, a
 * turn's tokens and text. */
#include "check.h"
#include "game.h"
#include "strbuf.h"
#include "util.h"

#include <stdlib.h>

static int64_t secs(const char *text)
{
    int64_t ms = -7;
    return util_parse_seconds(text, &ms) == 0 ? ms : -1;
}

static void test_seconds(void)
{
    CHECK_INT(secs("60"), 60000);
    CHECK_INT(secs("0.5"), 500);
    CHECK_INT(secs(".25"), 250);
    CHECK_INT(secs("1."), 1000);
    CHECK_INT(secs("9.5"), 9500);
    CHECK_INT(secs("0.0015"), 2);  /* rounded to the millisecond */
    CHECK_INT(secs("0.0014999"), 1);
    CHECK_INT(secs("0"), 0);
    CHECK_INT(secs("10000000"), 10000000000LL);
    CHECK_INT(secs("10000000.001"), -1);
    CHECK_INT(secs("99999999999999999999"), -1);
    const char *bad[] = {"", ".", "-1", "+1", " 1", "1 ", "1e3", "0x10", "inf", "nan", "1.2.3", "a"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_INT(secs(bad[i]), -1);
}

static void test_strbuf(void)
{
    strbuf b = STRBUF_INIT;
    CHECK_STR(strbuf_str(&b), "");
    for (int i = 0; i < 1000; i++)
        strbuf_addf(&b, "%d,", i % 10);
    CHECK_INT(b.len, 2000);
    CHECK(strncmp(strbuf_str(&b), "0,1,2,", 6) == 0);
    strbuf_clear(&b);
    strbuf_addn(&b, "abcdef", 3);
    strbuf_add(&b, "!");
    CHECK_STR(strbuf_str(&b), "abc!");
    char *t = strbuf_take(&b);
    CHECK_STR(t, "abc!");
    CHECK(b.s == NULL && b.len == 0);
    free(t);
    t = strbuf_take(&b);
    CHECK_STR(t, "");
    free(t);
    b.failed = 1; /* as after running out of memory: appends stop, take says so */
    strbuf_add(&b, "x");
    CHECK_INT(b.len, 0);
    CHECK(strbuf_take(&b) == NULL);
    strbuf_free(&b);
}

static void test_turn_tokens(void)
{
    const char *p = " h2 , j4,,k5";
    char tok[8];
    CHECK_INT(game_turn_token(&p, tok, sizeof tok), 0);
    CHECK_STR(tok, "h2");
    CHECK_INT(game_turn_token(&p, tok, sizeof tok), 0);
    CHECK_STR(tok, "j4");
    CHECK_INT(game_turn_token(&p, tok, sizeof tok), -1);
    CHECK_INT(game_turn_token(&p, tok, sizeof tok), 0);
    CHECK_STR(tok, "k5");
    CHECK(p == NULL);
    p = "abcdefgh";
    CHECK_INT(game_turn_token(&p, tok, sizeof tok), -2);
    CHECK_STR(game_error_reason("illegal move c8-c5: no piece"), "no piece");
    CHECK_STR(game_error_reason("empty move"), "empty move");
}

/* Y two-stone turns: steps, their movers and the text. */
static void test_steps(void)
{
    char err[GAME_ERR_MAX];
    char *opts[] = {"size=5", "variant=double"};
    game *g = game_create(game_find("y"), 2, opts, err, sizeof err);
    CHECK(game_turn_starts_here(g));
    CHECK_INT(game_play_text(g, "c3", err, sizeof err), 1);
    CHECK_INT(game_play_text(g, "a1", err, sizeof err), 1);
    CHECK(!game_turn_starts_here(g));
    CHECK_INT(game_play_text(g, "c1", err, sizeof err), 1);
    CHECK(game_turn_starts_here(g));
    CHECK_INT(game_play_text(g, "e5, e3", err, sizeof err), 2);
    game_step *st = game_steps(g, 0, 0);
    CHECK(st != NULL);
    CHECK_STR(st[3].text, "e5");
    CHECK_INT(st[3].mover, 0);
    CHECK(game_step_starts_turn(st, 3) && !game_step_starts_turn(st, 4));
    free(st);
    strbuf b = STRBUF_INIT;
    CHECK_INT(game_steps_text(g, 0, &b), 0);
    CHECK_STR(strbuf_str(&b), "c3 a1,c1 e5,e3");
    strbuf_clear(&b);
    CHECK_INT(game_steps_text(g, 3, &b), 0);
    CHECK_STR(strbuf_str(&b), "e5,e3");
    strbuf_free(&b);
    CHECK_INT(game_play_text(g, "b2,,d2", err, sizeof err), -1);
    CHECK_STR(err, "empty move in 'b2,,d2'");
    CHECK_INT(g->ops->ply(g), 5);
    game_free(g);
}

int main(void)
{
    RUN(test_seconds);
    RUN(test_strbuf);
    RUN(test_turn_tokens);
    RUN(test_steps);
    return check_summary("test_util");
}
