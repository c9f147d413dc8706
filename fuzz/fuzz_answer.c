/*
 * fuzz_answer.c - engine answers as the match runner reads them.  Input:
 * one byte for the id asked, then the bytes an engine wrote.
 * gtpclient_parse_answer must classify any bytes (ok, error, garbage,
 * incomplete), never read past them, keep ans and why terminated, and
 * report a length it really used; feeding the bytes in two pieces must
 * never give a different whole answer.
 */
#include "fuzz.h"
#include "match/gtpclient.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int id = data[0] % 4; /* 0: no id asked */
    /* an exact-size copy, so ASan sees any read past the answer's bytes */
    size_t len = size - 1;
    char *bytes = malloc(len ? len : 1);
    memcpy(bytes, data + 1, len);
    char ans[512], why[256], ans2[512], why2[256];
    size_t used = 12345, used2 = 0;
    enum gtpclient_answer a = gtpclient_parse_answer(bytes, len, id, "play", ans, sizeof ans, why,
                                                     sizeof why, &used);
    FUZZ_CHECK(a == GTPCLIENT_OK || a == GTPCLIENT_ERR || a == GTPCLIENT_GARBAGE ||
                   a == GTPCLIENT_INCOMPLETE, "answer kind %d", (int)a);
    FUZZ_CHECK(memchr(ans, 0, sizeof ans) && memchr(why, 0, sizeof why), "unterminated text");
    if (a == GTPCLIENT_OK || a == GTPCLIENT_ERR) {
        FUZZ_CHECK(used > 0 && used <= len, "used %zu of %zu bytes", used, len);
        /* the same answer is whole in its own bytes, and in any longer input */
        enum gtpclient_answer b = gtpclient_parse_answer(bytes, used, id, "play", ans2,
                                                         sizeof ans2, why2, sizeof why2, &used2);
        FUZZ_CHECK(b == a && used2 == used && strcmp(ans, ans2) == 0,
                   "the answer's own %zu bytes read differently", used);
    }
    if (a == GTPCLIENT_INCOMPLETE) {
        FUZZ_CHECK(used == 0, "incomplete but used %zu", used);
        /* no prefix of an incomplete input is a whole answer */
        size_t cut = len / 2;
        enum gtpclient_answer b = gtpclient_parse_answer(bytes, cut, id, "play", ans2,
                                                         sizeof ans2, why2, sizeof why2, &used2);
        FUZZ_CHECK(b == GTPCLIENT_INCOMPLETE || b == GTPCLIENT_GARBAGE,
                   "a prefix of an incomplete input is whole (%d)", (int)b);
    }
    free(bytes);
    return 0;
}
