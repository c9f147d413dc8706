/* test_gtpclient.c - the match runner's parser of engine answers, its time
 * controls and the intervals it prints: exact results for each kind of
 * input an engine or a user can give. */
#include "check.h"
#include "match/gtpclient.h"
#include "match/matchargs.h"
#include "match/report.h"

#include <stdlib.h>

static char ans[GTPCLIENT_ANSWER_MAX], why[GTPCLIENT_WHY_MAX];
static size_t used;

/* Parse text (len bytes) as the answer to command id 7, "genmove b". */
static enum gtpclient_answer parse(const char *text, size_t len)
{
    return gtpclient_parse_answer(text, len, 7, "genmove b", ans, sizeof ans, why, sizeof why,
                                  &used);
}
#define PARSE(lit) parse(lit, sizeof lit - 1)

static void answers(void)
{
    CHECK_INT(PARSE("= c8-c6\n\n"), GTPCLIENT_OK);
    CHECK_STR(ans, "c8-c6");
    CHECK_INT(used, 9);
    CHECK_INT(PARSE("=7 c8-c6\n\n= next\n\n"), GTPCLIENT_OK); /* our id; the rest stays */
    CHECK_STR(ans, "c8-c6");
    CHECK_INT(used, 10);
    CHECK_INT(PARSE("?7 illegal move\n\n"), GTPCLIENT_ERR);
    CHECK_STR(ans, "illegal move");
    CHECK_INT(PARSE("=\n\n"), GTPCLIENT_OK);
    CHECK_STR(ans, "");
    CHECK_INT(PARSE("\n\r\n= a1 \r\n\r\n"), GTPCLIENT_OK); /* blank lines first, CRLF */
    CHECK_STR(ans, "a1");
    CHECK_INT(used, 12);
    CHECK_INT(PARSE("= line one\nline two\n\n"), GTPCLIENT_OK);
    CHECK_STR(ans, "line one\nline two");
    CHECK_STR(why, "");
}

static void incomplete(void)
{
    CHECK_INT(PARSE(""), GTPCLIENT_INCOMPLETE);
    CHECK_INT(PARSE("= c8"), GTPCLIENT_INCOMPLETE);
    CHECK_INT(PARSE("= c8-c6\n"), GTPCLIENT_INCOMPLETE); /* no empty line yet */
    CHECK_INT(PARSE("\n\n\n"), GTPCLIENT_INCOMPLETE);
    CHECK_INT(used, 0);
    CHECK_STR(ans, "");
}

static void garbage(void)
{
    CHECK_INT(PARSE("hello there\n\n"), GTPCLIENT_GARBAGE);
    CHECK_STR(why, "garbage answer 'hello there' to 'genmove b'");
    CHECK_INT(used, 12); /* the line judged, not what follows */
    CHECK_INT(PARSE("=4 a1\n\n"), GTPCLIENT_GARBAGE);
    CHECK_STR(why, "answer to another command (id 4) for 'genmove b'");
    CHECK_INT(PARSE("=0000000000007 a1\n\n"), GTPCLIENT_GARBAGE); /* too many digits */
    CHECK_INT(PARSE("= a\0b\n\n"), GTPCLIENT_GARBAGE);
    CHECK_STR(why, "engine sent a NUL byte in its answer to 'genmove b'");
    CHECK_INT(PARSE("= a\0b"), GTPCLIENT_GARBAGE); /* no need to wait for the end */
    CHECK_INT(PARSE("\tx\n\n"), GTPCLIENT_GARBAGE);
    CHECK_STR(why, "garbage answer ' x' to 'genmove b'"); /* control bytes shown as spaces */
    CHECK_STR(ans, "");
}

/* The stated limit: an answer must end within GTPCLIENT_ANSWER_MAX bytes. */
static void limit(void)
{
    size_t n = GTPCLIENT_ANSWER_MAX + 10;
    char *big = malloc(n);
    memset(big, 'x', n);
    big[0] = '=';
    big[GTPCLIENT_ANSWER_MAX - 3] = '\n';
    big[GTPCLIENT_ANSWER_MAX - 2] = '\n'; /* ends on the last byte allowed but one */
    CHECK_INT(parse(big, n), GTPCLIENT_OK);
    CHECK_INT(used, GTPCLIENT_ANSWER_MAX - 1);
    CHECK_INT(strlen(ans), GTPCLIENT_ANSWER_MAX - 4);
    big[GTPCLIENT_ANSWER_MAX - 3] = big[GTPCLIENT_ANSWER_MAX - 2] = 'x';
    big[GTPCLIENT_ANSWER_MAX - 1] = big[GTPCLIENT_ANSWER_MAX] = '\n'; /* one byte too far */
    CHECK_INT(parse(big, GTPCLIENT_ANSWER_MAX - 1), GTPCLIENT_INCOMPLETE);
    CHECK_INT(parse(big, n), GTPCLIENT_GARBAGE);
    CHECK_STR(why, "engine sent an answer longer than 65536 bytes");
    /* a small answer buffer truncates, never overflows */
    char small[4];
    CHECK_INT(gtpclient_parse_answer("= abcdef\n\n", 10, 7, "x", small, sizeof small, why,
                                     sizeof why, &used),
              GTPCLIENT_OK);
    CHECK_STR(small, "abc");
    free(big);
}

static void time_controls(void)
{
    match_tc tc;
    char err[256], text[64];
    CHECK_INT(matchargs_parse_tc("60+0.5", &tc, err, sizeof err), 0);
    CHECK_INT(tc.kind, MATCH_TC_CLOCK);
    CHECK_INT(tc.base_ms, 60000);
    CHECK_INT(tc.inc_ms, 500);
    matchargs_tc_text(&tc, text, sizeof text);
    CHECK_STR(text, "60+0.5");
    CHECK_INT(matchargs_parse_tc("ms=250", &tc, err, sizeof err), 0);
    matchargs_tc_text(&tc, text, sizeof text);
    CHECK_STR(text, "ms=250");
    CHECK_INT(matchargs_parse_tc("iterations=2000", &tc, err, sizeof err), 0);
    matchargs_tc_text(&tc, text, sizeof text);
    CHECK_STR(text, "iterations=2000");
    CHECK_INT(matchargs_parse_tc("ms=0", &tc, err, sizeof err), -1);
    CHECK_STR(err, "-tc ms=0: ms= takes a whole number of milliseconds >= 1");
    CHECK_INT(matchargs_parse_tc("0+1", &tc, err, sizeof err), -1);
    CHECK_INT(matchargs_parse_tc("-5", &tc, err, sizeof err), -1);
    CHECK_INT(matchargs_parse_tc("iterations=", &tc, err, sizeof err), -1);
    matchargs_seconds_text(1250, text, sizeof text);
    CHECK_STR(text, "1.25");
    matchargs_seconds_text(7000, text, sizeof text);
    CHECK_STR(text, "7");
}

/* An interval is printed only where both of its Elo bounds are finite. */
static void intervals(void)
{
    stats_summary s;
    char buf[48];
    stats_wld r = {10, 5, 5}; /* +-143.9, worked out in test_stats */
    stats_trinomial(&r, &s);
    CHECK_INT(report_interval(&s, buf, sizeof buf), 0);
    CHECK_STR(buf, "+- 143.9");
    r = (stats_wld){1, 3, 0}; /* score 0.25 -+ 0.424: the lower bound is -inf */
    stats_trinomial(&r, &s);
    CHECK_INT(report_interval(&s, buf, sizeof buf), -1);
    CHECK_STR(buf, "");
    r = (stats_wld){4, 0, 0}; /* no spread */
    stats_trinomial(&r, &s);
    CHECK_INT(report_interval(&s, buf, sizeof buf), -1);
    r = (stats_wld){1, 0, 0}; /* one game */
    stats_trinomial(&r, &s);
    CHECK_INT(report_interval(&s, buf, sizeof buf), -1);
}

int main(void)
{
    RUN(answers);
    RUN(incomplete);
    RUN(garbage);
    RUN(limit);
    RUN(time_controls);
    RUN(intervals);
    return check_summary("test_gtpclient");
}
